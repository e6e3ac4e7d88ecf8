import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { tagKeys } from '@/lib/query-keys';

/** The studio's tags: the directory's tag filter, bulk "Add tag" and the member's tag picker. */
export function tagChoicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: tagKeys.list(organizationId),
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/api/tags', { signal })).tags,
  });
}

export function useTagChoices(organizationId: string, enabled = true) {
  return useQuery({ ...tagChoicesQueryOptions(organizationId), enabled });
}
