import type { SearchResponse } from '@fitbase/domain/contracts/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { searchKeys } from '@/lib/query-keys';

/** The command palette's server search (GET /api/search); an empty query asks nothing. */
export function globalSearchQueryOptions(organizationId: string, q: string) {
  return queryOptions({
    queryKey: searchKeys.query(organizationId, q),
    queryFn: async ({ signal }): Promise<SearchResponse> =>
      unwrap(await apiClient.GET('/api/search', { params: { query: { q } }, signal })),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useGlobalSearch(organizationId: string | undefined, q: string) {
  return useQuery({
    ...globalSearchQueryOptions(organizationId ?? '', q),
    enabled: Boolean(organizationId) && q.length > 0,
  });
}
