import type { MemberSummary } from '@fitbase/domain/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberKeys } from './member-keys';

export function membersSummaryQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: memberKeys.summary(organizationId),
    queryFn: ({ signal }) => api<MemberSummary>('/api/members/summary', { signal }),
  });
}

export function useMembersSummary(organizationId: string) {
  return useQuery(membersSummaryQueryOptions(organizationId));
}
