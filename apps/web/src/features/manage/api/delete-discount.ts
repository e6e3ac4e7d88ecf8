import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { refreshMoneyLists } from './refresh-money';
import { useStudioId } from '@/hooks/use-studio-id';

/** Deletes a code never used; a used one is refused (409): deactivate it instead. */
export async function deleteDiscount(id: string) {
  unwrap(await apiClient.DELETE('/api/discounts/{id}', { params: { path: { id } } }));
}

export function useDeleteDiscount() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: () => refreshMoneyLists(queryClient, organizationId, 'discounts'),
  });
}
