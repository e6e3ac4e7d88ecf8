import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Adds members to a manual group (a dynamic group answers 409). */
export async function addAudienceMembers({ id, memberIds }: { id: string; memberIds: string[] }) {
  return unwrap(
    await apiClient.POST('/api/audiences/{id}/members', {
      params: { path: { id } },
      body: { memberIds },
    }),
  );
}

export function useAddAudienceMembers() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAudienceMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all(organizationId) }),
  });
}
