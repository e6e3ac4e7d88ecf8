import type { RefundInput } from '@fitbase/domain/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { invalidateMemberMoney } from './invalidate-money';
import { useStudioId } from '@/hooks/use-studio-id';

/** Corrections are new ledger rows (docs/product/money-and-store.md#ledger-and-payments): never edits. */
export type PaymentCorrection =
  | { action: 'refund'; id: string; refund: RefundInput }
  | { action: 'retry'; id: string }
  | { action: 'write-off'; id: string; reason: string };

export async function correctPayment(correction: PaymentCorrection) {
  const path = { params: { path: { id: correction.id } } };
  switch (correction.action) {
    case 'refund':
      return unwrap(
        await apiClient.POST('/api/payments/{id}/refund', { ...path, body: correction.refund }),
      );
    case 'retry':
      return unwrap(
        await apiClient.POST('/api/payments/{id}/retry', { ...path, body: { method: 'card' } }),
      );
    case 'write-off':
      return unwrap(
        await apiClient.POST('/api/payments/{id}/write-off', {
          ...path,
          body: { reason: correction.reason },
        }),
      );
  }
}

export function useCorrectPayment(memberId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctPayment,
    // A declined retry is on record as a failed row: refetch either way.
    onSettled: () => invalidateMemberMoney(queryClient, organizationId, memberId),
  });
}
