import type { AudienceInput } from '@fitbase/domain/contracts/audiences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createAudience(input: AudienceInput) {
  return unwrap(await apiClient.POST('/api/audiences', { body: input }));
}

export function useCreateAudience() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAudience,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all(organizationId) }),
  });
}
