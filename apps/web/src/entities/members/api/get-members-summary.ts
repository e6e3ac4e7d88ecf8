import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export function membersSummaryQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: memberKeys.summary(organizationId),
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/api/members/summary', { signal })),
  });
}

export function useMembersSummary() {
  const organizationId = useStudioId();
  return useQuery(membersSummaryQueryOptions(organizationId));
}
