import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's tags, for the rule builder's "Has tag". */
export function ruleTagsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: audienceKeys.tagChoices(organizationId),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/tags', { signal })).tags.map(({ id, name }) => ({
        id,
        name,
      })),
  });
}

export function useRuleTags(enabled: boolean) {
  const organizationId = useStudioId();
  return useQuery({ ...ruleTagsQueryOptions(organizationId), enabled });
}
