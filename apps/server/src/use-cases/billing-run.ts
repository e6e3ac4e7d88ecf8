import type { Deps } from '../http/types.ts';
import {
  advanceBillingPeriod,
  recordBillingFailure,
} from '../modules/memberships/memberships.service.ts';
import {
  chargeDueMemberships,
  type BillingRunOptions,
  type BillingRunStats,
  type MembershipBilling,
} from '../modules/payments/billing.service.ts';

export type { BillingRunOptions, BillingRunStats };

/** Memberships' rules for a period's charge (paid: the next period; failed: the retries). */
export const membershipBilling: MembershipBilling = { advanceBillingPeriod, recordBillingFailure };

/**
 * The billing run (the `billing.run` job, docs/product/money-and-store.md#billing): payments
 * charges every recurring membership due (its 3-phase charge, payments/billing.service.ts) and,
 * in each charge's transaction, memberships moves the membership on or records the failure.
 */
export function runBilling(
  deps: Pick<Deps, 'database'>,
  now: Date,
  options: BillingRunOptions = {},
): Promise<BillingRunStats> {
  return chargeDueMemberships(deps, now, membershipBilling, options);
}
