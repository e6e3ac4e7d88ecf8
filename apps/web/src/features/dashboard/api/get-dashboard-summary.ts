import type { DashboardSummary } from '@fitbase/domain/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The members feature invalidates ['organizations', id, 'dashboard'] after a check-in:
 * features share query keys, never code.
 */
export function dashboardSummaryQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ['organizations', organizationId, 'dashboard', 'summary'],
    queryFn: ({ signal }) => api<DashboardSummary>('/api/dashboard/summary', { signal }),
  });
}

export function useDashboardSummary(organizationId: string) {
  return useQuery(dashboardSummaryQueryOptions(organizationId));
}
