import type { TagInput } from '@fitbase/domain/contracts/tags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { tagKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createTag(input: TagInput) {
  return unwrap(await apiClient.POST('/api/tags', { body: input }));
}

export function useCreateTag() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(organizationId) }),
  });
}
