import type { AudienceUpdate } from '@fitbase/domain/contracts/audiences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateAudience({ id, changes }: { id: string; changes: AudienceUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/audiences/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateAudience() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAudience,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all(organizationId) }),
  });
}
