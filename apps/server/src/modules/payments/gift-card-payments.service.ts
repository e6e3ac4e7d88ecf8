import * as balance from './gift-card-balance.queries.ts';
import type { TaxLine } from '@fitbase/domain/tax';
import type { ChargePurpose, TenderMethodKind } from '@fitbase/domain/money-constants';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import { formatMoney } from '@fitbase/domain/studio-format';
import { randomUUID } from 'node:crypto';
import { studioFormat } from '../../context/studio-format.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as queries from './payments.queries.ts';
import {
  failureText,
  notifyMoney,
  providerCard,
  resolveCard,
  type PaymentScope,
} from './payments.service.ts';
import { giftCardProvider } from './providers/gift-card-provider.ts';
import { providerForMethod, providerNamed } from './providers/provider-registry.ts';

/**
 * The ledger's side of gift cards (ADR 0040): the money taken for a card is a `gift_card_sale`
 * row (a liability: fitbase_is_sale does not count it, and the receipt trigger issues nothing
 * for it), and a card paying for something is a charge with method and provider `gift_card`
 * (revenue, with its receipt), refunded back onto the card by the provider.
 */

/**
 * Takes the money for a gift card in the caller's transaction: the member's card through the
 * card processor, or cash/other staff took. A declined card throws (409): the caller's
 * transaction rolls back and nothing is sold or recorded.
 */
export async function takeGiftCardSale(
  db: Db | Tx,
  scope: PaymentScope,
  req: {
    amount: string;
    memberId: string | null;
    method: TenderMethodKind;
    paymentMethodId?: string;
    description: string;
    idempotencyKey: string;
  },
): Promise<{ entryId: string }> {
  const organizationId = scope.organizationId;
  const card =
    req.method === 'card'
      ? await resolveCard(db, organizationId, req.memberId, req.paymentMethodId)
      : null;
  const provider = providerForMethod(req.method);
  const answer = await provider.charge(db, {
    idempotencyKey: req.idempotencyKey,
    amount: req.amount,
    card: card ? providerCard(card) : null,
    description: req.description,
    organizationId,
  });
  if (!answer.approved) {
    const failure = answer.failureCode ?? 'card_declined';
    throw new AppError(failure, failureText(failure, card?.cardLastFour ?? null));
  }
  const entry = await queries.insertEntry(db, {
    organizationId,
    kind: 'gift_card_sale',
    purpose: 'gift_card',
    status: 'paid',
    amount: req.amount,
    description: req.description,
    memberId: req.memberId,
    idempotencyKey: req.idempotencyKey,
    method: req.method,
    provider: provider.name,
    paymentMethodId: card?.id ?? null,
    providerReference: answer.reference,
    recordedBy: scope.userId,
  });
  notifyMoney(scope.work, organizationId, [entry.id]);
  return { entryId: entry.id };
}

/**
 * Pays `amount` from a gift card in the caller's transaction: the provider takes it off the card
 * (a `redeem` movement; it refuses more than the balance) and the charge is written paid.
 */
export async function chargeGiftCard(
  tx: Db | Tx,
  scope: PaymentScope,
  giftCardId: string,
  req: {
    amount: string;
    memberId: string | null;
    purpose: ChargePurpose;
    description: string;
    orderId?: string;
    membershipId?: string;
    idempotencyKey?: string;
    occurredAt?: Date;
    /** The share of the sale's tax this payment carries (docs/decisions/0041-tax-rounding.md). */
    taxLines?: TaxLine[] | null;
  },
): Promise<{ entryId: string }> {
  const organizationId = scope.organizationId;
  const idempotencyKey = req.idempotencyKey ?? randomUUID();
  const answer = await giftCardProvider.charge(tx, {
    idempotencyKey,
    amount: req.amount,
    card: null,
    description: req.description,
    organizationId,
    giftCardId,
  });
  const entry = await queries.insertEntry(tx, {
    organizationId,
    kind: 'charge',
    purpose: req.purpose,
    status: 'paid',
    amount: req.amount,
    taxLines: req.taxLines ?? null,
    description: req.description,
    memberId: req.memberId,
    orderId: req.orderId ?? null,
    membershipId: req.membershipId ?? null,
    idempotencyKey,
    method: 'gift_card',
    provider: 'gift_card',
    providerReference: answer.reference,
    recordedBy: scope.userId,
    occurredAt: req.occurredAt,
  });
  notifyMoney(scope.work, organizationId, [entry.id]);
  return { entryId: entry.id };
}

/** The card's row, locked for the rest of the transaction (the gift-cards module's reads). */
export function lockGiftCard(tx: Db | Tx, organizationId: string, id: string) {
  return balance.lockCard(tx, organizationId, id);
}

/**
 * Moves a locked card's balance and records the movement: the one writer of a balance, shared
 * by the provider here and the gift-cards module's issue of a new card.
 */
export function moveGiftCardBalance(...args: Parameters<typeof balance.moveBalance>) {
  return balance.moveBalance(...args);
}

/**
 * `Refund balance` (ADR 0040): gives what is left on a card (or part of it) back to the buyer's
 * original payment, in the caller's transaction. The card's row is locked first, so a redemption
 * at the same moment either spends the money before (and less is refunded) or finds it gone. The
 * refund is a `gift_card_refund` row correcting the card's `gift_card_sale` (negative, through
 * the processor that took the money, never revenue), and the balance goes down by as much in a
 * `refund_to_buyer` movement. Never more than the balance, nor than the sale less its refunds.
 */
export async function refundGiftCardSale(
  tx: Db | Tx,
  scope: PaymentScope,
  req: { giftCardId: string; amount?: string; reason: string },
): Promise<{ entryId: string; amount: string; balance: string }> {
  const { organizationId } = scope;
  const card = await balance.lockCard(tx, organizationId, req.giftCardId);
  if (!card) throw notFound('Gift card');
  const sale = card.saleEntryId
    ? await queries.findEntry(tx, organizationId, card.saleEntryId, true)
    : null;
  if (!sale || sale.kind !== 'gift_card_sale')
    throw new AppError(
      'conflict',
      'This gift card was not sold here, so there is no payment to refund.',
    );
  const refunded = await balance.refundedToBuyer(tx, organizationId, sale.id);
  const leftMills = Math.min(toMills(card.balance), toMills(sale.amount) - refunded.mills);
  const format = await studioFormat(tx, organizationId);
  if (leftMills <= 0)
    throw new AppError(
      'refund_exceeds_paid',
      `Nothing is left on the gift card ending ${card.codeLastFour} to refund.`,
    );
  const mills = req.amount === undefined ? leftMills : toMills(req.amount);
  if (mills > leftMills) {
    const most = formatMoney(formatMills(leftMills), format);
    throw new AppError(
      'refund_exceeds_paid',
      `You can refund at most ${most} of the gift card ending ${card.codeLastFour}.`,
      { amount: `At most ${most}` },
    );
  }
  const amount = formatMills(mills);
  const idempotencyKey = `gift-card-refund:${sale.id}:${refunded.count + 1}`;
  const answer = await providerNamed(sale.provider).refund(tx, {
    idempotencyKey,
    chargeReference: sale.providerReference,
    amount,
    organizationId,
  });
  const entry = await queries.insertEntry(tx, {
    organizationId,
    kind: 'gift_card_refund',
    purpose: 'gift_card',
    status: 'paid',
    amount: `-${amount}`,
    description: `Refund: ${sale.description}`,
    memberId: sale.memberId,
    correctsId: sale.id,
    idempotencyKey,
    method: sale.method,
    provider: sale.provider,
    paymentMethodId: sale.paymentMethodId,
    providerReference: answer.reference,
    recordedBy: scope.userId,
    reason: req.reason,
  });
  const after = await balance.moveBalance(tx, card, {
    kind: 'refund_to_buyer',
    amount,
    ledgerKey: idempotencyKey,
    recordedBy: scope.userId,
  });
  notifyMoney(scope.work, organizationId, [entry.id]);
  return { entryId: entry.id, amount, balance: after };
}
