import type { ScheduleSettings, ScheduleSettingsInput } from '@fitbase/domain/contracts/bookings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * The studio's booking rules (late cancel, waitlist cut-off, booking close, no-shows): edited in
 * Settings → General, stored and enforced by the schedule's API.
 */
export function scheduleSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: scheduleKeys.settings(organizationId),
    queryFn: async ({ signal }): Promise<ScheduleSettings> =>
      unwrap(await apiClient.GET('/api/schedule/settings', { signal })),
    enabled: Boolean(organizationId),
  });
}

export function useScheduleSettings() {
  const organizationId = useStudioId();
  return useQuery(scheduleSettingsQueryOptions(organizationId));
}

export function useUpdateScheduleSettings() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ScheduleSettingsInput): Promise<ScheduleSettings> =>
      unwrap(await apiClient.PUT('/api/schedule/settings', { body: input })),
    onSuccess: (settings) => {
      queryClient.setQueryData(scheduleKeys.settings(organizationId), settings);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) });
    },
  });
}
