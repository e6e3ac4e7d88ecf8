import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's member groups, for "Send to a group". */
export function groupsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...audienceKeys.list(organizationId), 'names'] as const,
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/audiences', { signal })).audiences.map((a) => ({
        id: a.id,
        name: a.name,
        memberCount: a.memberCount,
      })),
  });
}

export function useGroups() {
  const organizationId = useStudioId();
  return useQuery(groupsQueryOptions(organizationId));
}
