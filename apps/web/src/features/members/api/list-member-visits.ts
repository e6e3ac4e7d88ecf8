import type { Visit } from '@fitbase/domain/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberKeys } from './member-keys';

/** The member's visits, newest first (Activity tab). */
export function memberVisitsQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: memberKeys.visits(organizationId, memberId),
    queryFn: ({ signal }) =>
      api<Visit[]>(`/api/members/${encodeURIComponent(memberId)}/visits`, { signal }),
  });
}

export function useMemberVisits(organizationId: string, memberId: string) {
  return useQuery(memberVisitsQueryOptions(organizationId, memberId));
}
