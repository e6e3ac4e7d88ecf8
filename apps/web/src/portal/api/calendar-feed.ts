import type { CalendarFeed } from '@fitbase/domain/contracts/calendar-feeds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** `Calendar feed`: the secret address of the member's bookings. */
export function useCalendarFeed() {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: portalKeys.calendarFeed(slug),
    queryFn: ({ signal }) => portalFetch<CalendarFeed>(slug, '/calendar-feed', { signal }),
  });
}

/** `Rotate link`: calendars subscribed to the old address stop updating. */
export function useRotateCalendarFeed() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'rotate-calendar-feed'],
    mutationFn: () => portalFetch<CalendarFeed>(slug, '/calendar-feed/rotate', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(portalKeys.calendarFeed(slug), feed),
  });
}
