import type { PaymentMethod } from '@fitbase/domain/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberKeys } from './member-keys';

/** Active payment methods, default first. */
export function paymentMethodsQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: memberKeys.paymentMethods(organizationId, memberId),
    queryFn: ({ signal }) =>
      api<PaymentMethod[]>(`/api/members/${encodeURIComponent(memberId)}/payment-methods`, {
        signal,
      }),
  });
}

export function usePaymentMethods(organizationId: string, memberId: string) {
  return useQuery(paymentMethodsQueryOptions(organizationId, memberId));
}
