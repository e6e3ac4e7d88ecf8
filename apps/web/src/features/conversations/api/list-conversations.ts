import type { ConversationSummary } from '@fitbase/domain/contracts/conversations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { messageKeys, type ConversationFilters } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The inbox: conversations newest first, filtered by status and assignee. */
export function conversationsQueryOptions(organizationId: string, filters: ConversationFilters) {
  return queryOptions({
    queryKey: messageKeys.conversations(organizationId, filters),
    queryFn: async ({ signal }): Promise<ConversationSummary[]> =>
      unwrap(await apiClient.GET('/api/conversations', { params: { query: filters }, signal }))
        .conversations,
    placeholderData: keepPreviousData,
  });
}

export function useConversations(filters: ConversationFilters) {
  const organizationId = useStudioId();
  return useQuery(conversationsQueryOptions(organizationId, filters));
}
