import type { HelpViewCounts } from '@fitbase/domain/contracts/help';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { accountKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Every help article's view count (global across FitBase), by slug. */
export function helpViewsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: accountKeys.helpViews(organizationId),
    queryFn: async ({ signal }): Promise<HelpViewCounts> =>
      unwrap(await apiClient.GET('/api/help/views', { signal })),
    // Counts are global, but cached lists are keyed by studio (lib/query-keys.ts).
    enabled: Boolean(organizationId),
  });
}

export function useHelpViews() {
  const organizationId = useStudioId();
  return useQuery(helpViewsQueryOptions(organizationId));
}
