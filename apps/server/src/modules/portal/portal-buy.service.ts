import type {
  PortalBuyParsed,
  PortalCard,
  PortalCardInput,
  PortalOffer,
  PortalPurchase,
} from '@fitbase/domain/contracts/portal';
import type { PaymentMethod } from '@fitbase/domain/contracts/members';
import { offerNeedsCard } from '@fitbase/domain/contracts/portal-join';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import type { Db, Tx } from '../../db/client.ts';
import type { ActorScope, MemberScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  addPaymentMethod,
  listPaymentMethods,
  makeDefaultPaymentMethod,
  removePaymentMethod,
} from '../members/payment-methods.service.ts';
import { queuePurchaseReceipt } from '../memberships/membership-online.service.ts';
import {
  planSaleTotal,
  sellMembership,
  type SaleResult,
} from '../memberships/memberships.service.ts';
import { saleTax, taxedCharge } from '../tax/tax.service.ts';
import { onlineOffers, type OfferRow } from './portal.sql.ts';
import {
  claimPurchaseKey,
  purchaseOfKey,
  recordPurchase,
  releasePurchaseKey,
} from './portal-purchases.queries.ts';

/**
 * `Buy` (docs/product/member-portal.md#buy): the plans, packs and drop-ins a studio marks
 * `Sold online`, paid with a card on file or a new card through the front desk's sale: the same
 * payment provider and card rules, the sale in the ledger, reports and dashboards, and a
 * receipt email. A gift card that covers the whole purchase pays it without a card.
 */

const CARD_REQUIRED = 'Enter a card to pay';

/** A gift card paying first, its row locked (gift-cards.service.ts findCardForPayment). */
type PayingGiftCard = { id: string; balance: string; codeLastFour: string };

/**
 * The offers as the member sees them: each with its tax rate and what buying it takes now, tax
 * included, computed as the sale computes it (taxedCharge), so the price shown is the charge.
 */
export async function toOffers(
  db: Db | Tx,
  organizationId: string,
  rows: OfferRow[],
): Promise<PortalOffer[]> {
  const tax = await saleTax(
    db,
    organizationId,
    rows.map((o) => o.tax_rate_id),
  );
  return rows.map((o) => {
    const rate = o.tax_rate_id ? (tax.rates.get(o.tax_rate_id) ?? null) : null;
    let due = 0;
    for (const amount of [o.price, o.signup_fee])
      if (toMills(amount) > 0) due += toMills(taxedCharge(tax, amount, o.tax_rate_id).amount);
    return {
      id: o.id,
      name: o.name,
      description: o.description,
      kind: o.kind,
      price: o.price,
      signupFee: o.signup_fee,
      billingInterval: o.billing_interval,
      credits: o.credits,
      validityDays: o.validity_days,
      minimumTermPeriods: o.minimum_term_periods,
      tax: rate ? { name: rate.name, rate: rate.rate, inclusive: rate.inclusive } : null,
      dueNow: formatMills(due),
    };
  });
}

export async function portalOffers(scope: MemberScope): Promise<{ offers: PortalOffer[] }> {
  const rows = await onlineOffers(scope.db, scope.organizationId);
  return { offers: await toOffers(scope.db, scope.organizationId, rows) };
}

const toCard = (m: PaymentMethod): PortalCard => ({
  id: m.id,
  cardBrand: m.cardBrand,
  cardLastFour: m.cardLastFour,
  cardExpMonth: m.cardExpMonth,
  cardExpYear: m.cardExpYear,
  isDefault: m.isDefault,
});

export async function portalCards(scope: MemberScope): Promise<{ cards: PortalCard[] }> {
  return { cards: (await listPaymentMethods(scope, scope.memberId)).map(toCard) };
}

export async function addPortalCard(
  scope: MemberScope,
  input: Parameters<typeof addPaymentMethod>[2],
): Promise<PortalCard> {
  return toCard(await addPaymentMethod(scope, scope.memberId, input));
}

export async function makeDefaultPortalCard(scope: MemberScope, id: string) {
  return { cards: (await makeDefaultPaymentMethod(scope, scope.memberId, id)).map(toCard) };
}

export async function removePortalCard(scope: MemberScope, id: string) {
  return { cards: (await removePaymentMethod(scope, scope.memberId, id)).map(toCard) };
}

/**
 * The sale of an online offer, shared by `Buy` and `Join online`: a new card is saved to the
 * member first, then the front desk's sale (ledger, reports, dashboards) and the receipt email.
 * An offer with nothing to charge (a free trial) needs no card.
 */
export async function sellOffer(
  scope: ActorScope,
  memberId: string,
  offer: OfferRow,
  payment: { card?: PortalCardInput; paymentMethodId?: string },
  giftCard: PayingGiftCard | null = null,
): Promise<SaleResult> {
  const paymentMethodId = payment.card
    ? (await addPaymentMethod(scope, memberId, payment.card)).id
    : payment.paymentMethodId;
  if (paymentMethodId) {
    const owned = (await listPaymentMethods(scope, memberId)).some((m) => m.id === paymentMethodId);
    if (!owned) throw notFound('Card');
  } else if (
    offerNeedsCard({ price: offer.price, signupFee: offer.signup_fee }) &&
    // A gift card that covers the whole sale pays it alone: no card is charged, none is needed.
    !(giftCard && toMills(giftCard.balance) >= toMills(await planSaleTotal(scope, offer.id)))
  ) {
    throw new AppError('validation_error', CARD_REQUIRED, { card: CARD_REQUIRED });
  }
  const result = await sellMembership(scope, memberId, {
    planId: offer.id,
    method: 'card',
    paymentMethodId,
    giftCard,
  });
  if (result.ok) await queuePurchaseReceipt(scope.work, scope.organizationId, result.membership.id);
  return result;
}

/**
 * Buys an offer. A declined card answers `{ ok: false }` after the failed payment was written
 * (the route answers 409 and keeps it, as at the front desk). With an `Idempotency-Key`, a
 * replay answers the first purchase (`replay: true`) and sells nothing again.
 */
export async function buyOffer(
  scope: MemberScope,
  offerId: string,
  input: PortalBuyParsed,
  idempotencyKey: string | null = null,
  /** A gift card that pays first (found by its code and locked: gift-cards.service.ts). */
  giftCard: PayingGiftCard | null = null,
): Promise<
  { ok: true; replay: boolean; purchase: PortalPurchase } | Extract<SaleResult, { ok: false }>
> {
  const [offer] = await onlineOffers(scope.db, scope.organizationId, offerId);
  // Not sold online (or not this studio's): as if it did not exist.
  if (!offer) throw notFound('Offer');
  const purchase = (membershipId: string): PortalPurchase => ({
    membershipId,
    planName: offer.name,
    message: `You bought ${offer.name}. We sent your receipt by email.`,
  });
  const key = idempotencyKey
    ? { organizationId: scope.organizationId, memberId: scope.memberId, idempotencyKey }
    : null;
  if (key && !(await claimPurchaseKey(scope.db, key))) {
    const first = await purchaseOfKey(scope.db, key);
    if (first?.membershipId)
      return { ok: true, replay: true, purchase: purchase(first.membershipId) };
  }
  const result = await sellOffer(scope, scope.memberId, offer, input, giftCard);
  if (!result.ok) {
    if (key) await releasePurchaseKey(scope.db, key);
    return result;
  }
  if (key) await recordPurchase(scope.db, key, result.membership.id);
  return { ok: true, replay: false, purchase: purchase(result.membership.id) };
}
