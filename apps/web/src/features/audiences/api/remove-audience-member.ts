import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function removeAudienceMember({ id, memberId }: { id: string; memberId: string }) {
  unwrap(
    await apiClient.DELETE('/api/audiences/{id}/members/{memberId}', {
      params: { path: { id, memberId } },
    }),
  );
}

export function useRemoveAudienceMember() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAudienceMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all(organizationId) }),
  });
}
