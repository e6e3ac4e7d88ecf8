/** Money and store vocabularies (docs/product/money-and-store.md), shared by database, API and web. */

/** What a studio sells as a plan; a store product is sold through an order instead. */
export const PLAN_KINDS = ['membership', 'class_pack', 'drop_in', 'trial', 'add_on'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const PLAN_KIND_LABELS: Record<PlanKind, string> = {
  membership: 'Membership',
  class_pack: 'Class pack',
  drop_in: 'Drop-in',
  trial: 'Trial',
  add_on: 'Add-on',
};

/** How often a recurring membership bills. */
export const BILLING_INTERVALS = ['week', 'month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** A member's membership (one sale of a plan). past_due = the last billing retry failed. */
export const MEMBERSHIP_STATES = ['active', 'paused', 'past_due', 'cancelled', 'expired'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

/** A ledger row: a charge, or a correction of one (refunds and write-offs are new rows). */
/**
 * `gift_card_sale`: money taken for a gift card, a liability and not a sale (ADR 0040): it never
 * counts as revenue; the card's redemptions do, as charges paid with method `gift_card`.
 * `gift_card_refund`: what was left on a card given back to the buyer's payment (negative,
 * correcting the `gift_card_sale`); the liability shrinks, and no revenue figure counts it.
 */
export const LEDGER_KINDS = [
  'charge',
  'refund',
  'write_off',
  'gift_card_sale',
  'gift_card_refund',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What a charge was for. */
export const CHARGE_PURPOSES = ['plan', 'signup_fee', 'order', 'fee', 'gift_card'] as const;
export type ChargePurpose = (typeof CHARGE_PURPOSES)[number];

/** A charge's status; refunds and write-offs are always 'paid' (they happened). */
export const CHARGE_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * How it was paid: the card on file (through a provider), cash/other recorded by staff, or a
 * gift card's balance (only with a gift card code: TENDER_METHOD_KINDS is what a form offers).
 */
export const PAYMENT_METHOD_KINDS = ['card', 'cash', 'other', 'gift_card'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** The methods staff choose for money they take themselves (a gift card is redeemed by code). */
export const TENDER_METHOD_KINDS = ['card', 'cash', 'other'] as const;
export type TenderMethodKind = (typeof TENDER_METHOD_KINDS)[number];

export const PAYMENT_PROVIDERS = ['demo', 'manual', 'gift_card'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const ORDER_STATUSES = ['paid', 'failed', 'partially_refunded', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STOCK_MOVEMENT_REASONS = [
  'received',
  'sold',
  'returned',
  'adjusted',
  'counted',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const PAY_RATE_KINDS = ['per_class', 'per_hour', 'per_attendee'] as const;
export type PayRateKind = (typeof PAY_RATE_KINDS)[number];

/**
 * Largest single amount anyone may enter, in minor units of the studio's currency: $100,000.00,
 * ¥10,000,000, 10,000.000 BHD (maxAmount in studio-format.ts). The contracts refuse anything
 * above the largest of them (MAX_AMOUNT); each studio's routes, its own cap.
 */
export const MAX_AMOUNT_MINOR_UNITS = 10_000_000;
export const MAX_AMOUNT = '10000000.00';

/** A failed billing charge is retried after these many days (counted from the first failure). */
export const BILLING_RETRY_DAYS = [1, 3, 7] as const;

/** The demo provider's test cards, after Stripe's convention (docs/product/money-and-store.md). */
export const DEMO_DECLINED_LAST_FOUR = '0002';
export const DEMO_INSUFFICIENT_FUNDS_LAST_FOUR = '9995';

/** When a plan change starts (docs/product/money-and-store.md#changing-plan). */
export const PLAN_CHANGE_WHEN = ['today', 'next_cycle'] as const;
export type PlanChangeWhen = (typeof PLAN_CHANGE_WHEN)[number];

/**
 * A gift card's movements: issued (+), redeemed (−), a redemption refunded back onto it (+), and
 * what is left refunded to the buyer's payment (−, `refund_to_buyer`).
 */
export const GIFT_CARD_MOVEMENT_KINDS = ['issue', 'redeem', 'refund', 'refund_to_buyer'] as const;
export type GiftCardMovementKind = (typeof GIFT_CARD_MOVEMENT_KINDS)[number];

/**
 * The least a gift card may be worth, in the studio's currency; the most is any amount's cap
 * (maxAmount of the currency), since a fixed cap in one currency means nothing in another (5,000
 * yen is ~30 €).
 */
export const GIFT_CARD_MIN_AMOUNT = '1.00';
