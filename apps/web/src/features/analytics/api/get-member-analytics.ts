import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { analyticsKeys } from '@/lib/query-keys';

/** GET /api/analytics/members (docs/product/reports-and-analytics.md#analytics). */
export function memberAnalyticsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: analyticsKeys.screen(organizationId, 'members', {}),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/analytics/members', { signal })),
  });
}

export function useMemberAnalytics(organizationId: string) {
  return useQuery({
    ...memberAnalyticsQueryOptions(organizationId),
    enabled: Boolean(organizationId),
  });
}
