import type { NotificationList } from '@fitbase/domain/contracts/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { bellKeys } from '@/lib/query-keys';

// The bell's API calls live beside the layout that shows it: shared code may not import a
// feature, and the top bar is shared. Keyed under the current studio, so the realtime `bell`
// event refetches it; a person without a studio keys it under 'none' (no live events there).

const NO_STUDIO = 'none';

export function bellQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: bellKeys.list(organizationId ?? NO_STUDIO),
    queryFn: async ({ signal }): Promise<NotificationList> =>
      unwrap(await apiClient.GET('/api/notifications', { signal })),
  });
}

export function useBell(organizationId: string | null) {
  return useQuery(bellQueryOptions(organizationId));
}

function useRefreshBell(organizationId: string | null) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: bellKeys.all(organizationId ?? NO_STUDIO) });
}

export function useMarkNotificationRead(organizationId: string | null) {
  const refresh = useRefreshBell(organizationId);
  return useMutation({
    mutationFn: async (id: string) =>
      void unwrap(
        await apiClient.POST('/api/notifications/{id}/read', { params: { path: { id } } }),
      ),
    onSettled: refresh,
  });
}

export function useMarkAllNotificationsRead(organizationId: string | null) {
  const refresh = useRefreshBell(organizationId);
  return useMutation({
    mutationFn: async () => unwrap(await apiClient.POST('/api/notifications/read-all')),
    onSettled: refresh,
  });
}
