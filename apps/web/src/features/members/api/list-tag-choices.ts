import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { tagKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's tags: the directory's tag filter, bulk "Add tag" and the member's tag picker. */
export function tagChoicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: tagKeys.list(organizationId),
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/api/tags', { signal })).tags,
  });
}

export function useTagChoices(enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...tagChoicesQueryOptions(organizationId), enabled });
}
