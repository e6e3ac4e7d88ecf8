import type { Member } from '@fitbase/domain/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberKeys } from './member-keys';

export function memberQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: memberKeys.detail(organizationId, memberId),
    queryFn: ({ signal }) =>
      api<Member>(`/api/members/${encodeURIComponent(memberId)}`, { signal }),
  });
}

export function useMember(organizationId: string, memberId: string) {
  return useQuery(memberQueryOptions(organizationId, memberId));
}
