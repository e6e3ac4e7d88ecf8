import type { CalendarFeed } from '@fitbase/domain/contracts/calendar-feeds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** `Rotate link`: calendars subscribed to the old address stop updating. */
export function useRotateCalendarFeed() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<CalendarFeed> =>
      unwrap(await apiClient.POST('/api/calendar-feed/rotate')),
    onSuccess: (feed) => queryClient.setQueryData(settingsKeys.calendarFeed(organizationId), feed),
  });
}
