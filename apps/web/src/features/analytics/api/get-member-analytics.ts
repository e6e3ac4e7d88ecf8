import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { analyticsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** GET /api/analytics/members (docs/product/reports-and-analytics.md#analytics). */
export function memberAnalyticsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: analyticsKeys.screen(organizationId, 'members', {}),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/analytics/members', { signal })),
  });
}

export function useMemberAnalytics() {
  const organizationId = useStudioId();
  return useQuery({
    ...memberAnalyticsQueryOptions(organizationId),
    enabled: Boolean(organizationId),
  });
}
