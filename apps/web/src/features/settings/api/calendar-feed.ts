import type { CalendarFeed } from '@fitbase/domain/contracts/calendar-feeds';
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * `Calendar feed` (docs/product/integrations.md#calendar-feeds): the secret address of what the
 * signed-in person teaches in this studio, for their calendar app.
 */
export function useCalendarFeed() {
  const organizationId = useStudioId();
  return useQuery({
    queryKey: settingsKeys.calendarFeed(organizationId),
    queryFn: async ({ signal }): Promise<CalendarFeed> =>
      unwrap(await apiClient.GET('/api/calendar-feed', { signal })),
    enabled: Boolean(organizationId),
  });
}
