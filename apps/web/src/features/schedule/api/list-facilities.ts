import type { Facility } from '@fitbase/domain/contracts/schedule';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The organization's rooms (GET /api/facilities). */
export function facilitiesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: scheduleKeys.facilities(organizationId),
    queryFn: async ({ signal }): Promise<Facility[]> =>
      unwrap(await apiClient.GET('/api/facilities', { signal })).facilities,
  });
}

export function useFacilities() {
  const organizationId = useStudioId();
  return useQuery(facilitiesQueryOptions(organizationId));
}
