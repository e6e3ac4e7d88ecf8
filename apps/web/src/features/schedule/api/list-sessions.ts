import type { SessionList } from '@fitbase/domain/contracts/schedule';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys, type ScheduleSessionFilters } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The sessions of a range with the header counts (GET /api/sessions). */
export function sessionsQueryOptions(organizationId: string, filters: ScheduleSessionFilters) {
  return queryOptions({
    queryKey: scheduleKeys.sessions(organizationId, filters),
    queryFn: async ({ signal }): Promise<SessionList> =>
      unwrap(
        await apiClient.GET('/api/sessions', {
          signal,
          params: {
            query: {
              from: filters.from,
              to: filters.to,
              trainerId: filters.trainerId ?? undefined,
              facilityId: filters.facilityId ?? undefined,
              classId: filters.classId ?? undefined,
            },
          },
        }),
      ),
    // Paging weeks keeps the last week on screen until the next arrives (no layout jump).
    placeholderData: keepPreviousData,
  });
}

export function useSessions(filters: ScheduleSessionFilters) {
  const organizationId = useStudioId();
  return useQuery(sessionsQueryOptions(organizationId, filters));
}
