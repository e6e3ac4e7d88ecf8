import type { PaymentMethodInput } from '@fitbase/domain/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Only last four, brand, expiry and billing details: never the full number or the CVC. */
export async function createPaymentMethod(memberId: string, input: PaymentMethodInput) {
  return unwrap(
    await apiClient.POST('/api/members/{id}/payment-methods', {
      params: { path: { id: memberId } },
      body: input,
    }),
  );
}

export function useCreatePaymentMethod(memberId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentMethodInput) => createPaymentMethod(memberId, input),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: memberKeys.paymentMethods(organizationId, memberId),
      }),
  });
}
