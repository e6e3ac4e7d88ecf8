import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys, reportKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Forgive an open due (POST /api/payments/{id}/write-off): a correction row, the charge stays. */
export function useWriteOffPayment() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entryId, reason }: { entryId: string; reason: string }) =>
      unwrap(
        await apiClient.POST('/api/payments/{id}/write-off', {
          params: { path: { id: entryId } },
          body: { reason },
        }),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all(organizationId) });
    },
  });
}
