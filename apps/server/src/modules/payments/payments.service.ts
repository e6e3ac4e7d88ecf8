import type { RevenueSummary } from '@fitbase/domain/contracts/payments';
import type { CardBrand } from '@fitbase/domain/cards';
import type { ChargePurpose, PaymentMethodKind } from '@fitbase/domain/money-constants';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import { formatMoney } from '@fitbase/domain/studio-format';
import { reverseTax, type TaxLine } from '@fitbase/domain/tax';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { queryOf, type Statement, type UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import * as queries from './payments.queries.ts';
import { revenueFigures } from '../../db/revenue-figures.sql.ts';
import type { ProviderCard } from './providers/payment-provider.ts';
import { providerForMethod, providerNamed } from './providers/provider-registry.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { saleTax, taxedCharge } from '../tax/tax.service.ts';

/**
 * Who records a money movement: a studio request (StudioScope fits) or a background job
 * (`userId` null: the ledger then shows no person).
 */
export interface PaymentScope {
  organizationId: string;
  userId: string | null;
  /** The unit of work the movement is written in (its announcements go out when it commits). */
  work: UnitOfWork;
}
export type JobScope = PaymentScope & { userId: null };

export interface ChargeRequest {
  memberId: string | null;
  /**
   * Exact decimal string, > 0: what is charged, or with `taxRateId` the price before any tax the
   * rate adds on top (docs/product/money-and-store.md#tax).
   */
  amount: string;
  /** The rate of the thing sold (a plan's, the booking fees'); null or absent = untaxed. */
  taxRateId?: string | null;
  /** Tax lines the caller computed for `amount` (a basket: a store order); wins over taxRateId. */
  taxLines?: TaxLine[] | null;
  purpose: ChargePurpose;
  description: string;
  /** 'card' → the card processor with the member's card; cash | other → recorded by staff. */
  method: PaymentMethodKind;
  /** card: this card (must belong to the member), else the member's default active card. */
  paymentMethodId?: string;
  /** gift_card: the gift card whose balance pays (ADR 0040; its row locked by the caller). */
  giftCardId?: string;
  membershipId?: string;
  orderId?: string;
  bookingId?: string;
  /**
   * What this due is (every attempt at it shares it), e.g. `membership:<id>:<periodStart>`,
   * `fee:<bookingId>`. Set it only when the member owes the amount even if this attempt fails
   * (a billing period, a fee): a failed charge with a due key is an open due staff can Retry or
   * Write Off. A declined sale (an order, a membership sale) is not owed: leave it unset.
   */
  dueKey?: string;
  /** Default: a new uuid. A key already in the ledger returns that row's result (a replay). */
  idempotencyKey?: string;
  /** When the money moved. Default: the database's clock (the demo's history passes past instants). */
  occurredAt?: Date;
  /**
   * The caller knows no charge exists yet under this key or due (a new order's, whose own
   * Idempotency-Key was checked under its lock): the replay and attempt lookups are skipped,
   * two round trips of a point-of-sale sale.
   */
  first?: boolean;
}

export interface ChargeResult {
  entryId: string;
  /** What was charged, tax included. */
  amount: string;
  status: 'paid' | 'failed';
  failureCode: 'card_declined' | 'insufficient_funds' | null;
  failureMessage: string | null;
  /** The card this charge went to (a new card charge; unknown on a replay). */
  card?: { id: string; brand: CardBrand | null; lastFour: string } | null;
}

type ChargeFailure = NonNullable<ChargeResult['failureCode']>;

/** Money changed: lists of payments and the dashboards' revenue refresh (realtime). */
export function notifyMoney(unit: UnitOfWork, organizationId: string, ids: string[]): void {
  if (ids.length === 0) return;
  publishChange(unit, { organizationId, entity: 'money', action: 'updated', ids });
  publishChange(unit, { organizationId, entity: 'dashboard', action: 'updated', ids });
}

function assertPositive(amount: string, what = 'Amount') {
  let mills: number;
  try {
    mills = toMills(amount);
  } catch {
    throw new AppError('validation_error', `${what} must be an amount like 49.99`, {
      amount: `${what} must be an amount like 49.99`,
    });
  }
  if (mills <= 0) {
    throw new AppError('validation_error', `${what} must be more than $0.00`, {
      amount: `${what} must be more than $0.00`,
    });
  }
  return mills;
}

export function cardLabel(card: { cardBrand: string; cardLastFour: string }) {
  const brand = card.cardBrand.charAt(0).toUpperCase() + card.cardBrand.slice(1);
  return `${brand} •••• ${card.cardLastFour}`;
}

/** A card expires after the last day of its expiry month. */
export function cardExpired(card: { cardExpMonth: number; cardExpYear: number }, now = new Date()) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.cardExpYear < year || (card.cardExpYear === year && card.cardExpMonth < month);
}

/**
 * The card a charge uses, checked before any processor is asked (nothing is written when it
 * fails): no card → no_payment_method, expired → card_expired.
 */
export async function resolveCard(
  tx: Db | Tx,
  organizationId: string,
  memberId: string | null,
  paymentMethodId?: string,
): Promise<queries.CardRow> {
  const card = memberId
    ? await queries.findCard(tx, organizationId, memberId, paymentMethodId)
    : null;
  if (!card) {
    throw new AppError(
      'no_payment_method',
      paymentMethodId
        ? 'That card is not on file for this member. Choose another card or take cash.'
        : 'This member has no card on file. Add a card on their profile or take cash.',
    );
  }
  if (cardExpired(card)) {
    const expiry = `${String(card.cardExpMonth).padStart(2, '0')}/${card.cardExpYear}`;
    throw new AppError(
      'card_expired',
      `The card ending ${card.cardLastFour} expired in ${expiry}. Ask the member to update their card or take cash.`,
    );
  }
  return card;
}

export function providerCard(card: queries.CardRow): ProviderCard {
  return {
    lastFour: card.cardLastFour,
    brand: card.cardBrand,
    expMonth: card.cardExpMonth,
    expYear: card.cardExpYear,
    providerReference: card.stripePaymentMethodId,
  };
}

/** What staff read when a card fails (stored on the ledger row too). */
export function failureText(code: ChargeFailure, lastFour: string | null) {
  const card = lastFour ? `The card ending ${lastFour}` : 'The card';
  return code === 'insufficient_funds'
    ? `${card} has insufficient funds. Ask the member for another card or take cash.`
    : `${card} was declined. Ask the member for another card or take cash.`;
}

function resultOf(row: queries.LedgerRow): ChargeResult {
  const failureCode =
    row.failureCode === 'card_declined' || row.failureCode === 'insufficient_funds'
      ? row.failureCode
      : null;
  return {
    entryId: row.id,
    amount: row.amount,
    status: row.status === 'failed' ? 'failed' : 'paid',
    failureCode: row.status === 'failed' ? (failureCode ?? 'card_declined') : null,
    failureMessage: row.failureMessage,
  };
}

/**
 * Charges now, inside the caller's transaction (an in-request sale). A decline does not throw:
 * it writes a failed row and returns status 'failed'; the caller writes no goods, lets the
 * transaction commit (the failed payment stays on record) and then throws paymentFailedError.
 * The processor's own memory is written in this transaction too, so a rolled-back sale leaves
 * no trace anywhere (docs/decisions/0014-payment-providers.md).
 */
export async function chargeInTransaction(
  tx: Db | Tx,
  scope: PaymentScope,
  req: ChargeRequest,
): Promise<ChargeResult> {
  const { result, write } = await prepareCharge(tx, scope, req);
  if (write) await tx.execute(queryOf(write));
  return result;
}

/**
 * chargeInTransaction with the ledger row not yet written: `write` is its INSERT, which the
 * caller MUST send in the same transaction (null on a replay: nothing to write). A point-of-sale
 * sale sends it with its last statement and COMMIT (the unit of work's lastAndCommit): one round trip
 * fewer on the hottest write (bench:billing). The provider has been asked already; the row's id
 * is chosen here, so the result is known before the row is written.
 */
export async function prepareCharge(
  tx: Db | Tx,
  scope: PaymentScope,
  req: ChargeRequest,
): Promise<{ result: ChargeResult; write: Statement | null }> {
  const organizationId = scope.organizationId;
  const idempotencyKey = req.idempotencyKey ?? randomUUID();
  const replay = req.first ? null : await queries.findByKey(tx, organizationId, idempotencyKey);
  if (replay) return { result: resultOf(replay), write: null };
  assertPositive(req.amount);
  const { amount, taxLines } = await taxOf(tx, organizationId, req);
  const card =
    req.method === 'card'
      ? await resolveCard(tx, organizationId, req.memberId, req.paymentMethodId)
      : null;
  const provider = providerForMethod(req.method);
  const attempt =
    req.dueKey && !req.first
      ? (await queries.countAttempts(tx, organizationId, req.dueKey)) + 1
      : 1;
  const answer = await provider.charge(tx, {
    idempotencyKey,
    amount,
    card: card ? providerCard(card) : null,
    description: req.description,
    organizationId,
    giftCardId: req.giftCardId,
  });
  const failureCode = answer.approved ? null : (answer.failureCode ?? 'card_declined');
  const failureMessage = failureCode ? failureText(failureCode, card?.cardLastFour ?? null) : null;
  const id = randomUUID();
  const write = queries.insertEntrySql(tx, {
    id,
    organizationId,
    kind: 'charge',
    purpose: req.purpose,
    status: failureCode ? 'failed' : 'paid',
    amount,
    taxLines,
    description: req.description,
    memberId: req.memberId,
    membershipId: req.membershipId ?? null,
    orderId: req.orderId ?? null,
    bookingId: req.bookingId ?? null,
    dueKey: req.dueKey ?? null,
    attempt,
    idempotencyKey,
    method: req.method,
    provider: provider.name,
    paymentMethodId: card?.id ?? null,
    // A household payer's card (docs/product/members.md#households): revenue stays with memberId.
    payerMemberId: card && card.memberId !== req.memberId ? card.memberId : null,
    providerReference: answer.reference,
    failureCode,
    failureMessage,
    recordedBy: scope.userId,
    occurredAt: req.occurredAt,
  });
  // Buffered until the commit on the fast path (the unit of work's notify); a rolled-back
  // transaction sends none, so announcing the row before it is written is safe.
  notifyMoney(scope.work, organizationId, [id]);
  return {
    result: {
      entryId: id,
      amount,
      status: failureCode ? 'failed' : 'paid',
      failureCode,
      failureMessage,
      card: card ? { id: card.id, brand: card.cardBrand, lastFour: card.cardLastFour } : null,
    },
    write,
  };
}

/** What a request charges and its tax lines: given, computed from its rate, or untaxed. */
async function taxOf(
  tx: Db | Tx,
  organizationId: string,
  req: Pick<ChargeRequest, 'amount' | 'taxRateId' | 'taxLines'>,
): Promise<{ amount: string; taxLines: TaxLine[] | null }> {
  if (req.taxLines !== undefined) return { amount: req.amount, taxLines: req.taxLines };
  if (!req.taxRateId) return { amount: req.amount, taxLines: null };
  return taxedCharge(await saleTax(tx, organizationId, [req.taxRateId]), req.amount, req.taxRateId);
}

/** The error a caller throws after committing a declined charge (409 card_declined | insufficient_funds). */
export function paymentFailedError(result: ChargeResult): AppError {
  const code = result.failureCode ?? 'card_declined';
  return new AppError(code, result.failureMessage ?? failureText(code, null));
}

/**
 * A due the member owes, not collected now (e.g. a late-cancel fee with no card): pending,
 * manual, an open due until staff collect it (Retry) or write it off.
 */
export async function recordDue(
  tx: Db | Tx,
  scope: PaymentScope,
  req: Omit<ChargeRequest, 'method' | 'paymentMethodId'>,
): Promise<{ entryId: string }> {
  assertPositive(req.amount);
  const idempotencyKey = req.idempotencyKey ?? randomUUID();
  const replay = await queries.findByKey(tx, scope.organizationId, idempotencyKey);
  if (replay) return { entryId: replay.id };
  const { amount, taxLines } = await taxOf(tx, scope.organizationId, req);
  const row = await queries.insertEntry(tx, {
    organizationId: scope.organizationId,
    kind: 'charge',
    purpose: req.purpose,
    status: 'pending',
    amount,
    taxLines,
    description: req.description,
    memberId: req.memberId,
    membershipId: req.membershipId ?? null,
    orderId: req.orderId ?? null,
    bookingId: req.bookingId ?? null,
    dueKey: req.dueKey ?? `due:${idempotencyKey}`,
    attempt: 1,
    idempotencyKey,
    method: 'other',
    provider: 'manual',
    recordedBy: scope.userId,
    occurredAt: req.occurredAt,
  });
  notifyMoney(scope.work, scope.organizationId, [row.id]);
  return { entryId: row.id };
}

/**
 * Refunds (part of) a paid charge through the processor that took it: a new negative row; the
 * charge becomes 'refunded' once refunds add up to it. The charge row is locked so two refunds
 * at once cannot give back more than was paid.
 */
export async function refundCharge(
  tx: Db | Tx,
  scope: PaymentScope,
  req: { chargeId: string; amount?: string; reason: string; occurredAt?: Date },
): Promise<{ entryId: string; amount: string }> {
  const organizationId = scope.organizationId;
  const charge = await queries.findEntry(tx, organizationId, req.chargeId, true);
  if (!charge || charge.kind !== 'charge') throw notFound('Payment');
  if (charge.status !== 'paid' && charge.status !== 'refunded') {
    throw new AppError('conflict', 'Only a paid payment can be refunded.');
  }
  const refunded = await queries.refundedSoFar(tx, organizationId, charge.id);
  const leftMills = toMills(charge.amount) - toMills(refunded.amount);
  const mills = req.amount === undefined ? leftMills : assertPositive(req.amount, 'Refund amount');
  if (leftMills <= 0) {
    throw new AppError('refund_exceeds_paid', 'This payment was already refunded in full.');
  }
  if (mills > leftMills) {
    // Quoted in the studio's currency and locale (ADR 0038).
    const most = formatMoney(formatMills(leftMills), await studioFormat(tx, organizationId));
    throw new AppError('refund_exceeds_paid', `You can refund at most ${most} of this payment.`, {
      amount: `At most ${most}`,
    });
  }
  const amount = formatMills(mills);
  const idempotencyKey = `refund:${charge.id}:${refunded.count + 1}`;
  // The tax given back in proportion to the part refunded (docs/product/money-and-store.md#tax).
  const taxLines = charge.taxLines?.length
    ? reverseTax(
        charge.taxLines,
        amount,
        charge.amount,
        (await studioFormat(tx, organizationId)).currency,
      )
    : null;
  const provider = providerNamed(charge.provider);
  const answer = await provider.refund(tx, {
    idempotencyKey,
    chargeReference: charge.providerReference,
    amount,
    organizationId,
  });
  const row = await queries.insertEntry(tx, {
    organizationId,
    kind: 'refund',
    purpose: charge.purpose,
    status: 'paid',
    amount: `-${amount}`,
    taxLines,
    description: `Refund: ${charge.description}`,
    memberId: charge.memberId,
    membershipId: charge.membershipId,
    orderId: charge.orderId,
    bookingId: charge.bookingId,
    correctsId: charge.id,
    idempotencyKey,
    method: charge.method,
    provider: charge.provider,
    paymentMethodId: charge.paymentMethodId,
    providerReference: answer.reference,
    recordedBy: scope.userId,
    reason: req.reason,
    occurredAt: req.occurredAt,
  });
  if (mills === leftMills) await queries.markRefunded(tx, organizationId, charge.id);
  notifyMoney(scope.work, organizationId, [row.id, charge.id]);
  return { entryId: row.id, amount };
}

/**
 * Monthly Revenue: paid minus refunded in the studio's current calendar month, and the same span
 * of last month as the dashboards compare it (null when the studio did not exist yet when that
 * span began).
 */
export async function monthlyRevenue(
  db: Db | Tx,
  organizationId: string,
  now: Date = new Date(),
): Promise<RevenueSummary> {
  // One statement (revenue-figures.sql.ts): the spans and both sums.
  const figures = await revenueFigures(db, organizationId, now);
  if (!figures) throw notFound('Organization');
  return figures;
}

/** Revenue (paid minus refunded, from the ledger) in [start, end), as a decimal string. */
export async function revenueIn(db: Db | Tx, organizationId: string, start: Date, end: Date) {
  return (await queries.revenueBetween(db, organizationId, start, end)).total;
}

/** What a member owes: open dues (pending manual dues + failed dues not since paid or written off). */
export async function balanceOwed(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
): Promise<string> {
  return queries.balanceOwed(db, organizationId, memberId);
}
