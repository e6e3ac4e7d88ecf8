import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { messageKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

const RECENT = 3;

/** The last three messages of two-way messaging, in and out (the staff dashboard's card). */
export function recentMessagesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: messageKeys.recent(organizationId, RECENT),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/messages/recent', {
          params: { query: { limit: RECENT } },
          signal,
        }),
      ).messages,
  });
}

export function useRecentMessages(enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...recentMessagesQueryOptions(organizationId), enabled });
}
