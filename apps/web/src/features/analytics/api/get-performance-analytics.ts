import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { analyticsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** GET /api/analytics/performance (docs/product/reports-and-analytics.md#analytics). */
export function performanceAnalyticsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: analyticsKeys.screen(organizationId, 'performance', {}),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/analytics/performance', { signal })),
  });
}

export function usePerformanceAnalytics() {
  const organizationId = useStudioId();
  return useQuery({
    ...performanceAnalyticsQueryOptions(organizationId),
    enabled: Boolean(organizationId),
  });
}
