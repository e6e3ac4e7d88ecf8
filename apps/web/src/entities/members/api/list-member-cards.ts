import type { PaymentMethod } from '@fitbase/domain/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** A member's active cards on file, default first, for paying by card (a membership sale or renewal, the point of sale); none asked while no member is chosen. */
export function memberCardsQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: memberKeys.paymentMethods(organizationId, memberId),
    queryFn: async ({ signal }): Promise<PaymentMethod[]> =>
      unwrap(
        await apiClient.GET('/api/members/{id}/payment-methods', {
          params: { path: { id: memberId } },
          signal,
        }),
      ),
  });
}

export function useMemberCards(memberId: string | null) {
  const organizationId = useStudioId();
  return useQuery({
    ...memberCardsQueryOptions(organizationId, memberId ?? ''),
    enabled: Boolean(memberId),
  });
}
