import type { TaxSettings } from '@fitbase/domain/contracts/tax-rates';
import type { TaxRounding } from '@fitbase/domain/tax';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Saves the booking fees' tax rate and the rounding (owners and admins: money.manage). */
export function useUpdateTaxSettings() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      feeTaxRateId?: string | null;
      rounding?: TaxRounding;
    }): Promise<TaxSettings> => unwrap(await apiClient.PATCH('/api/tax', { body })),
    onSuccess: (settings) => queryClient.setQueryData(moneyKeys.tax(organizationId), settings),
  });
}
