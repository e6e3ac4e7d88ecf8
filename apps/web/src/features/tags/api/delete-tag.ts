import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Deletes a tag; it comes off every member and lead carrying it. */
export async function deleteTag(id: string) {
  unwrap(await apiClient.DELETE('/api/tags/{id}', { params: { path: { id } } }));
}

export function useDeleteTag() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    // Member tags and tag-filtered directory pages change with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(organizationId) }),
  });
}
