import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { tagKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** A member's tags (coloured chips on the member dashboard). */
export function memberTagsQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: tagKeys.member(organizationId, memberId),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/members/{id}/tags', {
          params: { path: { id: memberId } },
          signal,
        }),
      ).tags,
  });
}

export function useMemberTags(memberId: string) {
  const organizationId = useStudioId();
  return useQuery(memberTagsQueryOptions(organizationId, memberId));
}

export async function setMemberTags(memberId: string, tagIds: string[]) {
  return unwrap(
    await apiClient.PUT('/api/members/{id}/tags', {
      params: { path: { id: memberId } },
      body: { tagIds },
    }),
  ).tags;
}

/** Sets the member's tags to exactly `tagIds`; the tag counts move with it. */
export function useSetMemberTags(memberId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: string[]) => setMemberTags(memberId, tagIds),
    onSuccess: (tags) => {
      queryClient.setQueryData(tagKeys.member(organizationId, memberId), tags);
      void queryClient.invalidateQueries({ queryKey: tagKeys.list(organizationId) });
    },
  });
}
