import type { HomeDashboard } from '@fitbase/domain/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * The studio home's figures and lists. Today's classes and "this week" move with the clock, so
 * the page also refetches every minute while it is open; live schedule events refresh it too.
 */
export function dashboardHomeQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: dashboardKeys.home(organizationId),
    queryFn: async ({ signal }): Promise<HomeDashboard> =>
      unwrap(await apiClient.GET('/api/dashboard/home', { signal })),
    refetchInterval: 60_000,
  });
}

export function useDashboardHome() {
  const organizationId = useStudioId();
  return useQuery(dashboardHomeQueryOptions(organizationId));
}
