import type { RevenueSummary } from '@fitbase/domain/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * Monthly Revenue: paid minus refunded this calendar month in the studio's time zone, and the
 * same span of last month (docs/product/money-and-store.md#revenue). Under the money family, so
 * a payment anywhere refreshes it.
 */
export function revenueSummaryQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: moneyKeys.revenue(organizationId),
    queryFn: async ({ signal }): Promise<RevenueSummary> =>
      unwrap(await apiClient.GET('/api/payments/summary', { signal })),
  });
}

export function useRevenueSummary() {
  const organizationId = useStudioId();
  return useQuery(revenueSummaryQueryOptions(organizationId));
}
