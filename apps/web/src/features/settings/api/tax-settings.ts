import type { TaxSettings } from '@fitbase/domain/contracts/tax-rates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's tax rates, the booking fees' rate and the rounding (docs/product/money-and-store.md#tax). */
export function taxSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: moneyKeys.tax(organizationId),
    queryFn: async ({ signal }): Promise<TaxSettings> =>
      unwrap(await apiClient.GET('/api/tax', { signal })),
    enabled: Boolean(organizationId),
  });
}

export function useTaxSettings() {
  const organizationId = useStudioId();
  return useQuery(taxSettingsQueryOptions(organizationId));
}
