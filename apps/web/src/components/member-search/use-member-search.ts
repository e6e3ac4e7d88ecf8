import type { MemberListItem } from '@fitbase/domain/contracts/members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useStudioId } from '@/hooks/use-studio-id';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';

/** How many matches a member picker offers; typing more of the name narrows the list. */
export const MEMBER_PICKER_LIMIT = 20;

/**
 * Members whose name or email matches, for every member picker (Book Client, Member Check-in,
 * Book member, appointments, courses). The key is shared with them all (lib/query-keys.ts):
 * the data is the list of matches.
 */
export function memberSearchQueryOptions(organizationId: string, search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: memberKeys.search(organizationId, term),
    queryFn: async ({ signal }): Promise<MemberListItem[]> =>
      unwrap(
        await apiClient.GET('/api/members', {
          params: { query: { limit: MEMBER_PICKER_LIMIT, search: term || undefined } },
          signal,
        }),
      ).items,
    placeholderData: keepPreviousData,
    enabled: Boolean(organizationId),
  });
}

export function useMemberSearch(search: string) {
  const organizationId = useStudioId();
  return useQuery(memberSearchQueryOptions(organizationId, search));
}
