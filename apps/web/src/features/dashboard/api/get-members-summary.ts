import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * The staff dashboard's Active Members figure. Same key as the members feature's summary, so
 * member changes and live 'members' events refresh it without the features sharing code.
 */
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
