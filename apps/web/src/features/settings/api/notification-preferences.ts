import type {
  NotificationPreferences,
  NotificationPreferencesInput,
} from '@fitbase/domain/contracts/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The signed-in person's own email and bell events in this studio. */
export function notificationPreferencesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: settingsKeys.notificationPreferences(organizationId),
    queryFn: async ({ signal }): Promise<NotificationPreferences> =>
      unwrap(await apiClient.GET('/api/settings/notifications', { signal })),
  });
}

export function useNotificationPreferences() {
  const organizationId = useStudioId();
  return useQuery(notificationPreferencesQueryOptions(organizationId));
}

export function useSaveNotificationPreferences() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  const key = settingsKeys.notificationPreferences(organizationId);
  return useMutation({
    mutationFn: async (body: NotificationPreferencesInput): Promise<NotificationPreferences> =>
      unwrap(await apiClient.PUT('/api/settings/notifications', { body })),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
