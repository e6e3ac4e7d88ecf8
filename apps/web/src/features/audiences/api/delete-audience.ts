import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Deletes the group only: its members stay members. */
export async function deleteAudience(id: string) {
  unwrap(await apiClient.DELETE('/api/audiences/{id}', { params: { path: { id } } }));
}

export function useDeleteAudience() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAudience,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all(organizationId) }),
  });
}
