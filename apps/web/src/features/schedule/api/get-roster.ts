import type { Roster } from '@fitbase/domain/contracts/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** A session with its bookings: booked, attended, no-shows, the waitlist and cancellations. */
export function rosterQueryOptions(organizationId: string, sessionId: string) {
  return queryOptions({
    queryKey: scheduleKeys.roster(organizationId, sessionId),
    queryFn: async ({ signal }): Promise<Roster> =>
      unwrap(
        await apiClient.GET('/api/sessions/{id}/roster', {
          params: { path: { id: sessionId } },
          signal,
        }),
      ),
    enabled: Boolean(organizationId && sessionId),
  });
}

export function useRoster(sessionId: string) {
  const organizationId = useStudioId();
  return useQuery(rosterQueryOptions(organizationId, sessionId));
}
