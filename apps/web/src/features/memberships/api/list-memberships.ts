import type { MemberMemberships } from '@fitbase/domain/contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** A member's memberships (current first) and what they owe in all. */
export function membershipsQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: moneyKeys.memberships(organizationId, memberId),
    queryFn: async ({ signal }): Promise<MemberMemberships> =>
      unwrap(
        await apiClient.GET('/api/members/{id}/memberships', {
          params: { path: { id: memberId } },
          signal,
        }),
      ),
  });
}

export function useMemberships(memberId: string) {
  const organizationId = useStudioId();
  return useQuery(membershipsQueryOptions(organizationId, memberId));
}
