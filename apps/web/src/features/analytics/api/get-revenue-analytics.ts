import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { analyticsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** GET /api/analytics/revenue (docs/product/reports-and-analytics.md#analytics). */
export function revenueAnalyticsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: analyticsKeys.screen(organizationId, 'revenue', {}),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/analytics/revenue', { signal })),
  });
}

export function useRevenueAnalytics() {
  const organizationId = useStudioId();
  return useQuery({
    ...revenueAnalyticsQueryOptions(organizationId),
    enabled: Boolean(organizationId),
  });
}
