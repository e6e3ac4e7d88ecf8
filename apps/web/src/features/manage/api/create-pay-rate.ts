import type { PayRateInput } from '@fitbase/domain/contracts/pay-rates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { refreshMoneyLists } from './refresh-money';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createPayRate(input: PayRateInput) {
  return unwrap(await apiClient.POST('/api/pay-rates', { body: input }));
}

export function useCreatePayRate() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayRate,
    onSuccess: () => refreshMoneyLists(queryClient, organizationId, 'pay-rates'),
  });
}
