import type { Availability } from '@fitbase/domain/contracts/appointments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** A trainer's weekly availability for appointments, in the studio's wall-clock time. */
export function availabilityQueryOptions(organizationId: string, userId: string | null) {
  return queryOptions({
    queryKey: scheduleKeys.availability(organizationId, userId ?? ''),
    queryFn: async ({ signal }): Promise<Availability> =>
      unwrap(
        await apiClient.GET('/api/trainers/{userId}/availability', {
          params: { path: { userId: userId! } },
          signal,
        }),
      ),
    enabled: Boolean(organizationId) && Boolean(userId),
  });
}

export function useAvailability(userId: string | null) {
  const organizationId = useStudioId();
  return useQuery(availabilityQueryOptions(organizationId, userId));
}
