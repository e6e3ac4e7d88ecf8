import type { DiscountUpdate } from '@fitbase/domain/contracts/discounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { refreshMoneyLists } from './refresh-money';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateDiscount({ id, changes }: { id: string; changes: DiscountUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/discounts/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateDiscount() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscount,
    onSuccess: () => refreshMoneyLists(queryClient, organizationId, 'discounts'),
  });
}
