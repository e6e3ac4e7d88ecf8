import type { DiscountUpdate } from '@fitbase/domain/contracts/discounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { refreshMoneyLists } from './refresh-money';

export async function updateDiscount({ id, changes }: { id: string; changes: DiscountUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/discounts/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateDiscount(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscount,
    onSuccess: () => refreshMoneyLists(queryClient, organizationId, 'discounts'),
  });
}
