import { membershipTerms } from '@fitbase/domain/membership-rules';
import { toCents } from '@fitbase/domain/savings';
import type { Tx } from '../../db/client.ts';
import { redeemDiscount, releaseDiscountUse } from '../discounts/discounts.service.ts';
import {
  chargeInTransaction,
  refundCharge,
  type ChargeResult,
  type PaymentScope,
} from '../payments/payments.service.ts';
import type { PlanRow } from '../plans/plans.service.ts';
import * as queries from './memberships.queries.ts';

/** A sale's result: the membership, or the declined payment (its failed row is on record). */
export type SaleOutcome =
  { ok: true; membership: queries.MembershipRow } | { ok: false; failure: ChargeResult };

export interface SaleRequest {
  startDate: string;
  method: 'card' | 'cash' | 'other';
  paymentMethodId?: string;
  discountCode?: string;
  /** A renewal of a plan the member already had: the sign-up fee is not charged again. */
  renewal?: boolean;
  /** When it is sold. Default: the database's clock (the demo's history passes past instants). */
  now?: Date;
}

/**
 * Sells `plan` to the member inside the caller's transaction
 * (docs/product/money-and-store.md#plans-and-memberships): the membership row, then the first
 * period's price (after any discount) and the sign-up fee as two ledger rows. A declined card
 * leaves its failed row on record and no membership: charges already taken are refunded, the
 * membership row is removed and the discount use is given back. The sale's charges carry no
 * due key: a declined sale is a sale that did not happen, not a debt the member owes.
 */
export async function sellInTransaction(
  tx: Tx,
  scope: PaymentScope,
  memberId: string,
  plan: PlanRow,
  req: SaleRequest,
): Promise<SaleOutcome> {
  const { organizationId } = scope;
  let price = plan.price;
  let discountCodeId: string | null = null;
  if (req.discountCode) {
    const redeemed = await redeemDiscount(tx, scope, req.discountCode, 'plan', plan.price);
    price = redeemed.total;
    discountCodeId = redeemed.discountCodeId;
  }
  const terms = membershipTerms(plan, req.startDate);
  const membership = await queries.insertMembership(tx, {
    organizationId,
    memberId,
    planId: plan.id,
    status: 'active',
    price,
    startDate: req.startDate,
    endDate: terms.endDate,
    nextBillingDate: terms.nextBillingDate,
    creditsRemaining: terms.creditsRemaining,
    discountCodeId,
    soldBy: scope.userId,
    createdAt: req.now,
  });
  const charges = [
    {
      purpose: 'plan' as const,
      amount: price,
      description: discountCodeId ? `${plan.name} (${req.discountCode!.toUpperCase()})` : plan.name,
    },
    {
      purpose: 'signup_fee' as const,
      amount: plan.signupFee,
      description: `${plan.name}: sign-up fee`,
    },
  ].filter((c) => toCents(c.amount) > 0 && !(req.renewal && c.purpose === 'signup_fee'));
  const paid: string[] = [];
  for (const charge of charges) {
    const result = await chargeInTransaction(tx, scope, {
      ...charge,
      // The price and the sign-up fee are both taxed at the plan's rate.
      taxRateId: plan.taxRateId,
      memberId,
      method: req.method,
      paymentMethodId: req.paymentMethodId,
      membershipId: membership.id,
      occurredAt: req.now,
    });
    if (result.status === 'paid') {
      paid.push(result.entryId);
      continue;
    }
    for (const chargeId of paid)
      await refundCharge(tx, scope, {
        chargeId,
        reason: 'Sale not completed: the rest of the payment was declined',
        occurredAt: req.now,
      });
    await queries.deleteMembership(tx, organizationId, membership.id);
    if (discountCodeId) await releaseDiscountUse(tx, scope, discountCodeId);
    return { ok: false, failure: result };
  }
  return { ok: true, membership };
}
