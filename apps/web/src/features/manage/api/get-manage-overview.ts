import type { ManageOverview } from '@fitbase/domain/contracts/appointments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { manageKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** /manage: the studio's counts and short lists of clients, classes, rooms, trainers... */
export function manageOverviewQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: manageKeys.overview(organizationId),
    queryFn: async ({ signal }): Promise<ManageOverview> =>
      unwrap(await apiClient.GET('/api/manage/overview', { signal })),
  });
}

export function useManageOverview() {
  const organizationId = useStudioId();
  return useQuery(manageOverviewQueryOptions(organizationId));
}
