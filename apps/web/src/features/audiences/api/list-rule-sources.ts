import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's lead sources (inactive ones too: old leads keep them), for "Lead source". */
export function ruleSourcesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: audienceKeys.sourceChoices(organizationId),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/lead-sources', { signal })).sources.map(({ id, name }) => ({
        id,
        name,
      })),
  });
}

export function useRuleSources(enabled: boolean) {
  const organizationId = useStudioId();
  return useQuery({ ...ruleSourcesQueryOptions(organizationId), enabled });
}
