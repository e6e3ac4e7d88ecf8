import type { TaxSettings } from '@fitbase/domain/contracts/tax-rates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export interface TaxRateBody {
  name?: string;
  rate?: string;
  inclusive?: boolean;
  isActive?: boolean;
}

/** Adds a rate (no id) or changes or archives one (owners and admins: money.manage). */
export function useSaveTaxRate() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: TaxRateBody }): Promise<TaxSettings> =>
      id
        ? unwrap(await apiClient.PATCH('/api/tax/rates/{id}', { params: { path: { id } }, body }))
        : unwrap(
            await apiClient.POST('/api/tax/rates', {
              body: body as Required<Omit<TaxRateBody, 'isActive'>>,
            }),
          ),
    onSuccess: (settings) => {
      queryClient.setQueryData(moneyKeys.tax(organizationId), settings);
      // Plans and products show their rate by name.
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all(organizationId) });
    },
  });
}
