import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { refreshMoneyLists } from './refresh-money';
import { useStudioId } from '@/hooks/use-studio-id';

/** Deletes a rate entered by mistake; a change of rate is a new rate from its date. */
export async function deletePayRate(id: string) {
  unwrap(await apiClient.DELETE('/api/pay-rates/{id}', { params: { path: { id } } }));
}

export function useDeletePayRate() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayRate,
    onSuccess: () => refreshMoneyLists(queryClient, organizationId, 'pay-rates'),
  });
}
