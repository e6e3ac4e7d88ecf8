import type { MemberListResponse } from '@fitbase/domain/contracts/members';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberKeys, type MemberFilters } from './member-keys';

export const MEMBERS_PAGE_SIZE = 25;

function listPath(filters: MemberFilters, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(MEMBERS_PAGE_SIZE) });
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.status) params.set('status', filters.status);
  if (filters.membershipType) params.set('membershipType', filters.membershipType);
  if (cursor) params.set('cursor', cursor);
  return `/api/members?${params.toString()}`;
}

/** One page at a time (keyset cursor): the directory never downloads the whole member list. */
export function membersQueryOptions(organizationId: string, filters: MemberFilters) {
  return infiniteQueryOptions({
    queryKey: memberKeys.list(organizationId, filters),
    queryFn: ({ pageParam, signal }) =>
      api<MemberListResponse>(listPath(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useMembers(organizationId: string, filters: MemberFilters) {
  return useInfiniteQuery(membersQueryOptions(organizationId, filters));
}
