import type { MemberSummary } from '@fitbase/domain/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The staff dashboard's Active Members figure. Same key as the members feature's summary
 * (['organizations', id, 'members', 'summary']): member changes and live 'members' events
 * invalidate it without the features sharing code.
 */
export function membersSummaryQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ['organizations', organizationId, 'members', 'summary'],
    queryFn: ({ signal }) => api<MemberSummary>('/api/members/summary', { signal }),
  });
}

export function useMembersSummary(organizationId: string) {
  return useQuery(membersSummaryQueryOptions(organizationId));
}
