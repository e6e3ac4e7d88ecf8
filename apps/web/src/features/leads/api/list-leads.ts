import type { LeadList } from '@fitbase/domain/contracts/leads';
import type { LeadStatus } from '@fitbase/domain/connect-constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { leadKeys, type LeadFilters } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Leads newest first, a keyset page at a time ("Load more"). */
export function leadsQueryOptions(organizationId: string, filters: LeadFilters) {
  return infiniteQueryOptions({
    queryKey: leadKeys.list(organizationId, filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<LeadList> =>
      unwrap(
        await apiClient.GET('/api/leads', {
          params: {
            query: {
              status: (filters.status as LeadStatus | null) ?? undefined,
              sourceId: filters.sourceId ?? undefined,
              search: filters.search || undefined,
              cursor: pageParam ?? undefined,
            },
          },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useLeads(filters: LeadFilters) {
  const organizationId = useStudioId();
  return useInfiniteQuery(leadsQueryOptions(organizationId, filters));
}
