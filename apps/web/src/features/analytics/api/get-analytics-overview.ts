import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { analyticsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** GET /api/analytics/overview (docs/product/reports-and-analytics.md#analytics). */
export function analyticsOverviewQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: analyticsKeys.screen(organizationId, 'overview', {}),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/analytics/overview', { signal })),
  });
}

export function useAnalyticsOverview() {
  const organizationId = useStudioId();
  return useQuery({
    ...analyticsOverviewQueryOptions(organizationId),
    enabled: Boolean(organizationId),
  });
}
