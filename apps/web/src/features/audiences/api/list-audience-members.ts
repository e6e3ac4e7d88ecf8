import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys, type AudienceMemberParams } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export const AUDIENCE_MEMBERS_PAGE_SIZE = 25;

/** One page of a group's members by name, searched by name or email. */
export function audienceMembersQueryOptions(
  organizationId: string,
  id: string,
  params: AudienceMemberParams,
) {
  return queryOptions({
    queryKey: audienceKeys.members(organizationId, id, params),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/audiences/{id}/members', {
          params: {
            path: { id },
            query: {
              page: params.page,
              pageSize: AUDIENCE_MEMBERS_PAGE_SIZE,
              search: params.search.trim() || undefined,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAudienceMembers(id: string, params: AudienceMemberParams) {
  const organizationId = useStudioId();
  return useQuery(audienceMembersQueryOptions(organizationId, id, params));
}
