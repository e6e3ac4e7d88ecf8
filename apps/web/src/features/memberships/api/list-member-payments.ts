import type { PaymentPage } from '@fitbase/domain/contracts/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export const PAYMENTS_PAGE_SIZE = 10;

/** One page of a member's payments, newest first (paged on the server). */
export function memberPaymentsQueryOptions(organizationId: string, memberId: string, page: number) {
  return queryOptions({
    queryKey: moneyKeys.memberPayments(organizationId, memberId, page),
    queryFn: async ({ signal }): Promise<PaymentPage> =>
      unwrap(
        await apiClient.GET('/api/members/{id}/payments', {
          params: { path: { id: memberId }, query: { page, pageSize: PAYMENTS_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useMemberPayments(memberId: string, page: number) {
  const organizationId = useStudioId();
  return useQuery(memberPaymentsQueryOptions(organizationId, memberId, page));
}
