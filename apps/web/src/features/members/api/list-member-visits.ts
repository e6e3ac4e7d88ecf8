import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The member's visits, newest first (Activity tab). */
export function memberVisitsQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: memberKeys.visits(organizationId, memberId),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/members/{id}/visits', {
          params: { path: { id: memberId } },
          signal,
        }),
      ),
  });
}

export function useMemberVisits(memberId: string) {
  const organizationId = useStudioId();
  return useQuery(memberVisitsQueryOptions(organizationId, memberId));
}
