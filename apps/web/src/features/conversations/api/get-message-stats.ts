import type { MessageStats } from '@fitbase/domain/contracts/conversations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { messageKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Messages sent, the open rate of 1:1 messages and active templates: computed by the server. */
export function messageStatsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: messageKeys.stats(organizationId),
    queryFn: async ({ signal }): Promise<MessageStats> =>
      unwrap(await apiClient.GET('/api/messages/stats', { signal })),
  });
}

export function useMessageStats() {
  const organizationId = useStudioId();
  return useQuery(messageStatsQueryOptions(organizationId));
}
