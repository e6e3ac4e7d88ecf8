import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { leadKeys, tagKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function setLeadTags({ id, tagIds }: { id: string; tagIds: string[] }) {
  return unwrap(
    await apiClient.PUT('/api/leads/{id}/tags', { params: { path: { id } }, body: { tagIds } }),
  ).tags;
}

/** Sets the lead's tags to exactly `tagIds`; the leads table and the tag counts refresh. */
export function useSetLeadTags() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLeadTags,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: tagKeys.list(organizationId) }),
      ]);
    },
  });
}
