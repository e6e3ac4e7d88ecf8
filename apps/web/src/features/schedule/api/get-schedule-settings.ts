import type { ScheduleSettings } from '@fitbase/domain/contracts/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';

/** The studio's booking rules (late cancel, waitlist cut-off, booking close, no-shows). */
export function scheduleSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: scheduleKeys.settings(organizationId),
    queryFn: async ({ signal }): Promise<ScheduleSettings> =>
      unwrap(await apiClient.GET('/api/schedule/settings', { signal })),
    enabled: Boolean(organizationId),
  });
}

export function useScheduleSettings(organizationId: string) {
  return useQuery(scheduleSettingsQueryOptions(organizationId));
}
