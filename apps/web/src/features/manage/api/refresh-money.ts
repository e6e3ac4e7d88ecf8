import type { QueryClient } from '@tanstack/react-query';
import { discountKeys, manageKeys, payRateKeys } from '@/lib/query-keys';

/**
 * After a change of codes or rates: their lists, and /manage's overview, which lives under the
 * 'schedule' key family and so is not refreshed by money events.
 */
export function refreshMoneyLists(
  queryClient: QueryClient,
  organizationId: string,
  family: 'discounts' | 'pay-rates',
) {
  const key = family === 'discounts' ? discountKeys.all : payRateKeys.all;
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: key(organizationId) }),
    queryClient.invalidateQueries({ queryKey: manageKeys.overview(organizationId) }),
  ]);
}
