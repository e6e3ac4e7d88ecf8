import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';

export function membersSummaryQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: memberKeys.summary(organizationId),
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/api/members/summary', { signal })),
  });
}

export function useMembersSummary(organizationId: string) {
  return useQuery(membersSummaryQueryOptions(organizationId));
}
