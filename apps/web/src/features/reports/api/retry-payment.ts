import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys, reportKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Retry a failed charge now with the card on file (POST /api/payments/{id}/retry). */
export function useRetryPayment() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (entryId: string) =>
      unwrap(
        await apiClient.POST('/api/payments/{id}/retry', {
          params: { path: { id: entryId } },
          body: { method: 'card' },
        }),
      ),
    // A declined retry is on record as a new failed attempt: refetch either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all(organizationId) });
    },
  });
}
