import type { Tag } from '@fitbase/domain/contracts/tags';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { tagKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's tags to choose from: a lead's or member's tag picker, the directory's tag filter, bulk "Add tag". */
export function tagChoicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: tagKeys.list(organizationId),
    queryFn: async ({ signal }): Promise<Tag[]> =>
      unwrap(await apiClient.GET('/api/tags', { signal })).tags,
  });
}

export function useTagChoices(enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...tagChoicesQueryOptions(organizationId), enabled });
}
