import type { TaxSettings } from '@fitbase/domain/contracts/tax-rates';
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's tax rates, for a product's `Tax rate` (docs/product/money-and-store.md#tax). */
export function useTaxRates() {
  const organizationId = useStudioId();
  return useQuery({
    queryKey: moneyKeys.tax(organizationId),
    queryFn: async ({ signal }): Promise<TaxSettings> =>
      unwrap(await apiClient.GET('/api/tax', { signal })),
    enabled: Boolean(organizationId),
  });
}
