import type { LedgerEntry } from '@fitbase/domain/contracts/payments';
import type { Membership } from '@fitbase/domain/contracts/plans';
import type { OrganizationRole } from '@fitbase/domain/constants';
import { can } from '@fitbase/domain/permissions';
import { toMills } from '@fitbase/domain/amounts';

export type MembershipAction = 'pause' | 'resume' | 'cancel' | 'renew' | 'change-plan';

/**
 * The actions a membership offers (docs/product/money-and-store.md#plans-and-memberships). Every role
 * may sell (money.sell), so every role sees them; what a status allows decides which.
 */
export function membershipActions(
  membership: Pick<Membership, 'status' | 'cancelAtPeriodEnd' | 'plan'>,
  role: OrganizationRole | null,
): MembershipAction[] {
  if (!can(role, 'money.sell')) return [];
  const { status, cancelAtPeriodEnd, plan } = membership;
  const actions: MembershipAction[] = [];
  // An add-on is a single charge: nothing to pause, cancel or renew.
  if (plan.kind === 'add_on') return actions;
  if (status === 'active' && !cancelAtPeriodEnd) actions.push('pause');
  // Another recurring plan, from today or the next billing date (proration).
  if (status === 'active' && !cancelAtPeriodEnd && plan.kind === 'membership')
    actions.push('change-plan');
  if (status === 'paused') actions.push('resume');
  if ((status === 'active' || status === 'paused' || status === 'past_due') && !cancelAtPeriodEnd)
    actions.push('cancel');
  // A pack is bought again; anything that ended starts a new period (charged).
  if (
    status === 'expired' ||
    status === 'cancelled' ||
    (plan.kind === 'class_pack' && status === 'active')
  )
    actions.push('renew');
  return actions;
}

export type PaymentAction = 'refund' | 'retry' | 'write-off';

/**
 * Refund: owners and admins, a paid charge with something left to refund. Retry: anyone who
 * sells, on an open failed due; Write Off: owners and admins on the same.
 */
export function paymentActions(
  entry: Pick<LedgerEntry, 'kind' | 'status' | 'amount' | 'refundedAmount' | 'isOpenDue'>,
  role: OrganizationRole | null,
): PaymentAction[] {
  const actions: PaymentAction[] = [];
  if (
    entry.kind === 'charge' &&
    entry.status === 'paid' &&
    toMills(entry.refundedAmount) < toMills(entry.amount) &&
    can(role, 'money.refund')
  )
    actions.push('refund');
  if (entry.isOpenDue) {
    if (can(role, 'money.sell')) actions.push('retry');
    if (can(role, 'money.refund')) actions.push('write-off');
  }
  return actions;
}

/** What is left to refund of a charge, in thousandths (integers: never a float). */
export function refundable(entry: Pick<LedgerEntry, 'amount' | 'refundedAmount'>): number {
  return toMills(entry.amount) - toMills(entry.refundedAmount);
}
