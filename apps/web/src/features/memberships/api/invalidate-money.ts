import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys, memberKeys, moneyKeys } from '@/lib/query-keys';

/**
 * After a sale, a membership change or a payment: the money family (memberships, payments,
 * revenue), the member (status, type and dates follow their memberships) and the dashboards.
 * Realtime events do the same for other tabs.
 */
export function invalidateMemberMoney(
  queryClient: QueryClient,
  organizationId: string,
  memberId: string,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: moneyKeys.all(organizationId) }),
    queryClient.invalidateQueries({ queryKey: memberKeys.detail(organizationId, memberId) }),
    queryClient.invalidateQueries({ queryKey: memberKeys.all(organizationId) }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) }),
  ]);
}
