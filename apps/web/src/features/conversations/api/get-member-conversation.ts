import type { Conversation } from '@fitbase/domain/contracts/conversations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { messageKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The member dashboard's thread: null until someone wrote to the member. */
export function memberConversationQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: messageKeys.memberConversation(organizationId, memberId),
    queryFn: async ({ signal }): Promise<Conversation | null> =>
      unwrap(
        await apiClient.GET('/api/members/{id}/conversation', {
          params: { path: { id: memberId } },
          signal,
        }),
      ).conversation,
  });
}

export function useMemberConversation(memberId: string) {
  const organizationId = useStudioId();
  return useQuery(memberConversationQueryOptions(organizationId, memberId));
}
