import type { StoreSummary } from '@fitbase/domain/contracts/store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { storeKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Products, orders and low-stock counts, computed by the server (never fixed). */
export function storeSummaryQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: storeKeys.summary(organizationId),
    queryFn: async ({ signal }): Promise<StoreSummary> =>
      unwrap(await apiClient.GET('/api/store/summary', { signal })),
  });
}

export function useStoreSummary() {
  const organizationId = useStudioId();
  return useQuery(storeSummaryQueryOptions(organizationId));
}
