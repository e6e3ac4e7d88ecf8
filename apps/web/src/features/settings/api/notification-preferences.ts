import type {
  NotificationPreferences,
  NotificationPreferencesInput,
} from '@fitbase/domain/contracts/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { settingsKeys } from '@/lib/query-keys';

/** The signed-in person's own email and bell events in this studio. */
export function notificationPreferencesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: settingsKeys.notificationPreferences(organizationId),
    queryFn: async ({ signal }): Promise<NotificationPreferences> =>
      unwrap(await apiClient.GET('/api/settings/notifications', { signal })),
  });
}

export function useNotificationPreferences(organizationId: string) {
  return useQuery(notificationPreferencesQueryOptions(organizationId));
}

export function useSaveNotificationPreferences(organizationId: string) {
  const queryClient = useQueryClient();
  const key = settingsKeys.notificationPreferences(organizationId);
  return useMutation({
    mutationFn: async (body: NotificationPreferencesInput): Promise<NotificationPreferences> =>
      unwrap(await apiClient.PUT('/api/settings/notifications', { body })),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
