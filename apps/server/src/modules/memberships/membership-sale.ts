import { membershipTerms } from '@fitbase/domain/membership-rules';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import { splitTax, type TaxLine } from '@fitbase/domain/tax';
import type { Db, Tx } from '../../db/client.ts';
import { redeemDiscount, releaseDiscountUse } from '../discounts/discounts.service.ts';
import {
  chargeInTransaction,
  refundCharge,
  type ChargeResult,
  type PaymentScope,
} from '../payments/payments.service.ts';
import type { PlanRow } from '../plans/plans.service.ts';
import { saleTax, taxedCharge } from '../tax/tax.service.ts';
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
  /**
   * A gift card that pays first, up to its balance, its row locked by the caller (ADR 0040):
   * each charge's rest goes to `method`, and only once the rest is paid is the card charged.
   */
  giftCard?: { id: string; balance: string; codeLastFour: string } | null;
  /** A class pack whose credits any member of the buyer's household may use. */
  sharedWithHousehold?: boolean;
}

/**
 * Sells `plan` to the member inside the caller's transaction
 * (docs/product/money-and-store.md#plans-and-memberships): the membership row, then the first
 * period's price (after any discount) and the sign-up fee as two ledger rows. A declined card
 * leaves its failed row on record and no membership: charges already taken are refunded, the
 * membership row is removed and the discount use is given back. The sale's charges carry no
 * due key: a declined sale is a sale that did not happen, not a debt the member owes.
 */
/**
 * A charge of the plan's price (or fee) split between a gift card (up to `cardLeft` mills) and
 * the rest, each with its share of the tax (the rest's null when the card pays it all).
 */
async function giftCardSplit(
  tx: Tx,
  organizationId: string,
  plan: PlanRow,
  price: string,
  cardLeft: number,
): Promise<{
  card: { amount: string; taxLines: TaxLine[] | null };
  rest: { amount: string; taxLines: TaxLine[] | null } | null;
}> {
  const tax = plan.taxRateId ? await saleTax(tx, organizationId, [plan.taxRateId]) : null;
  const whole = tax ? taxedCharge(tax, price, plan.taxRateId) : { amount: price, taxLines: null };
  const cardMills = Math.min(cardLeft, toMills(whole.amount));
  const restMills = toMills(whole.amount) - cardMills;
  const [restLines, cardLines] =
    whole.taxLines && tax
      ? splitTax(whole.taxLines, formatMills(restMills), whole.amount, tax.currency)
      : [null, null];
  return {
    card: { amount: formatMills(cardMills), taxLines: restMills > 0 ? cardLines : whole.taxLines },
    rest: restMills > 0 ? { amount: formatMills(restMills), taxLines: restLines } : null,
  };
}

/**
 * What a first sale of `plan` charges in all: the price and the sign-up fee, each with the plan's
 * tax as the sale itself computes it (giftCardSplit), so a gift card of at least this much pays
 * the whole sale and no card is charged.
 */
export async function firstSaleTotal(db: Db | Tx, organizationId: string, plan: PlanRow) {
  const tax = plan.taxRateId ? await saleTax(db, organizationId, [plan.taxRateId]) : null;
  let mills = 0;
  for (const amount of [plan.price, plan.signupFee]) {
    if (toMills(amount) <= 0) continue;
    mills += toMills(tax ? taxedCharge(tax, amount, plan.taxRateId).amount : amount);
  }
  return formatMills(mills);
}

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
    sharedWithHousehold: req.sharedWithHousehold ?? false,
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
  ].filter((c) => toMills(c.amount) > 0 && !(req.renewal && c.purpose === 'signup_fee'));
  const paid: string[] = [];
  let cardLeft = req.giftCard ? toMills(req.giftCard.balance) : 0;
  for (const charge of charges) {
    const split =
      cardLeft > 0 ? await giftCardSplit(tx, organizationId, plan, charge.amount, cardLeft) : null;
    const result =
      split && split.rest === null
        ? null
        : await chargeInTransaction(tx, scope, {
            ...charge,
            ...(split ? { amount: split.rest!.amount, taxLines: split.rest!.taxLines } : {}),
            // The price and the sign-up fee are both taxed at the plan's rate.
            taxRateId: plan.taxRateId,
            memberId,
            method: req.method,
            paymentMethodId: req.paymentMethodId,
            membershipId: membership.id,
            occurredAt: req.now,
          });
    if (result === null || result.status === 'paid') {
      if (result) paid.push(result.entryId);
      if (split && req.giftCard) {
        const fromCard = await chargeInTransaction(tx, scope, {
          ...charge,
          description: `${charge.description} (gift card •••• ${req.giftCard.codeLastFour})`,
          amount: split.card.amount,
          taxLines: split.card.taxLines,
          memberId,
          method: 'gift_card',
          giftCardId: req.giftCard.id,
          membershipId: membership.id,
          occurredAt: req.now,
        });
        paid.push(fromCard.entryId);
        cardLeft -= toMills(split.card.amount);
      }
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
