import type { ScheduleSettings, ScheduleSettingsInput } from '@fitbase/domain/contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';

export async function updateScheduleSettings(
  input: ScheduleSettingsInput,
): Promise<ScheduleSettings> {
  return unwrap(await apiClient.PUT('/api/schedule/settings', { body: input }));
}

export function useUpdateScheduleSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScheduleSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(scheduleKeys.settings(organizationId), settings);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) });
    },
  });
}
