import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * The members feature invalidates the dashboard family after a check-in: features share
 * query keys (lib/query-keys.ts), never code.
 */
export function dashboardSummaryQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: dashboardKeys.summary(organizationId),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/dashboard/summary', { signal })),
  });
}

export function useDashboardSummary() {
  const organizationId = useStudioId();
  return useQuery(dashboardSummaryQueryOptions(organizationId));
}
