import type { PushNotification } from '@fitbase/domain/contracts/push-notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { pushNotificationKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The latest sent notifications (the newest 100: the page's list of what went out). */
export function pushNotificationsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: pushNotificationKeys.list(organizationId),
    queryFn: async ({ signal }): Promise<PushNotification[]> =>
      unwrap(
        await apiClient.GET('/api/push-notifications', {
          params: { query: { limit: 100 } },
          signal,
        }),
      ).items,
  });
}

export function usePushNotifications() {
  const organizationId = useStudioId();
  return useQuery(pushNotificationsQueryOptions(organizationId));
}
