import type { DiscountInput } from '@fitbase/domain/contracts/discounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { refreshMoneyLists } from './refresh-money';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createDiscount(input: DiscountInput) {
  return unwrap(await apiClient.POST('/api/discounts', { body: input }));
}

export function useCreateDiscount() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscount,
    onSuccess: () => refreshMoneyLists(queryClient, organizationId, 'discounts'),
  });
}
