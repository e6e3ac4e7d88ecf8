import type { Conversation } from '@fitbase/domain/contracts/conversations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { messageKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** A thread, oldest message first; the server marks its replies read on opening. */
export function conversationQueryOptions(organizationId: string, conversationId: string) {
  return queryOptions({
    queryKey: messageKeys.conversation(organizationId, conversationId),
    queryFn: async ({ signal }): Promise<Conversation> =>
      unwrap(
        await apiClient.GET('/api/conversations/{id}', {
          params: { path: { id: conversationId } },
          signal,
        }),
      ),
  });
}

export function useConversation(conversationId: string) {
  const organizationId = useStudioId();
  return useQuery(conversationQueryOptions(organizationId, conversationId));
}
