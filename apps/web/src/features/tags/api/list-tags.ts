import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { tagKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's tags, newest first, with live assignee counts. */
export function tagsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: tagKeys.list(organizationId),
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/api/tags', { signal })).tags,
  });
}

export function useTags() {
  const organizationId = useStudioId();
  return useQuery(tagsQueryOptions(organizationId));
}
