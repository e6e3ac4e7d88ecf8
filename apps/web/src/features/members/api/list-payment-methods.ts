import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Active payment methods, default first. */
export function paymentMethodsQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: memberKeys.paymentMethods(organizationId, memberId),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/members/{id}/payment-methods', {
          params: { path: { id: memberId } },
          signal,
        }),
      ),
  });
}

export function usePaymentMethods(memberId: string) {
  const organizationId = useStudioId();
  return useQuery(paymentMethodsQueryOptions(organizationId, memberId));
}
