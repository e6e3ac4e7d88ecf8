import type { PaymentMethod, PaymentMethodInput } from '@fitbase/domain/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberKeys } from './member-keys';

/** Only last four, brand, expiry and billing details: never the full number or the CVC. */
export function createPaymentMethod(memberId: string, input: PaymentMethodInput) {
  return api<PaymentMethod>(`/api/members/${encodeURIComponent(memberId)}/payment-methods`, {
    method: 'POST',
    body: input,
  });
}

export function useCreatePaymentMethod(organizationId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentMethodInput) => createPaymentMethod(memberId, input),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: memberKeys.paymentMethods(organizationId, memberId),
      }),
  });
}
