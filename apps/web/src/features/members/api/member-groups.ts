import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's member groups (the directory's bulk "Add to group" offers the manual ones). */
export function groupChoicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: audienceKeys.list(organizationId),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/audiences', { signal })).audiences,
  });
}

export function useGroupChoices(enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...groupChoicesQueryOptions(organizationId), enabled });
}

export async function addMembersToGroup(groupId: string, memberIds: string[]) {
  return unwrap(
    await apiClient.POST('/api/audiences/{id}/members', {
      params: { path: { id: groupId } },
      body: { memberIds },
    }),
  );
}

export function useAddMembersToGroup() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, memberIds }: { groupId: string; memberIds: string[] }) =>
      addMembersToGroup(groupId, memberIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all(organizationId) }),
  });
}
