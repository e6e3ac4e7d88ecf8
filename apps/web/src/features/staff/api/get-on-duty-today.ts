import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * On Duty Today: staff teaching a session or appointment today, from the dashboard summary. Same
 * key and data as the dashboards' summary (lib/query-keys.ts); this card reads one figure of it.
 */
export function onDutyTodayQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: dashboardKeys.summary(organizationId),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/dashboard/summary', { signal })),
    select: (summary) => summary.onDutyToday,
  });
}

export function useOnDutyToday() {
  const organizationId = useStudioId();
  return useQuery(onDutyTodayQueryOptions(organizationId));
}
