import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys, type MemberFilters } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export const MEMBERS_PAGE_SIZE = 25;

/** One page at a time (keyset cursor): the directory never downloads the whole member list. */
export function membersQueryOptions(organizationId: string, filters: MemberFilters) {
  return infiniteQueryOptions({
    queryKey: memberKeys.list(organizationId, filters),
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await apiClient.GET('/api/members', {
          params: {
            query: {
              limit: MEMBERS_PAGE_SIZE,
              search: filters.search.trim() || undefined,
              status: filters.status ?? undefined,
              membershipType: filters.membershipType ?? undefined,
              tagId: filters.tagId ?? undefined,
              cursor: pageParam ?? undefined,
            },
          },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useMembers(filters: MemberFilters) {
  const organizationId = useStudioId();
  return useInfiniteQuery(membersQueryOptions(organizationId, filters));
}
