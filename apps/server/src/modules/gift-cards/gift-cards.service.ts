import type { TaxLine } from '@fitbase/domain/tax';
import type {
  GiftCard,
  GiftCardDetail,
  giftCardListQuery,
  giftCardRefundSchema,
  giftCardSellSchema,
} from '@fitbase/domain/contracts/gift-cards';
import { normalizeAmount } from '@fitbase/domain/amounts';
import type { ChargePurpose } from '@fitbase/domain/money-constants';
import { formatMoney } from '@fitbase/domain/studio-format';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { studioFormat } from '../../context/studio-format.ts';
import type { Db, Tx } from '../../db/client.ts';
import { countAttempt } from '../../db/rate-limits.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { ActorScope, StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { getMember } from '../members/members.service.ts';
import {
  chargeGiftCard,
  lockGiftCard,
  moveGiftCardBalance,
  refundGiftCardSale,
  takeGiftCardSale,
} from '../payments/gift-card-payments.service.ts';
import type { PaymentScope } from '../payments/payments.service.ts';
import { hashGiftCardCode, lastFourOf, newGiftCardCode } from './gift-card-codes.ts';
import { giftCardEmailJob } from './gift-cards.jobs.ts';
import * as queries from './gift-cards.queries.ts';
import { codeAttempts, outstandingTotal } from './gift-cards.sql.ts';

/** Gift cards: docs/product/money-and-store.md#gift-cards, ADR 0040. */

export type { GiftCardRow } from './gift-cards.queries.ts';

type SellInput = z.output<typeof giftCardSellSchema>;
type ListQuery = z.output<typeof giftCardListQuery>;
type RefundInput = z.output<typeof giftCardRefundSchema>;

/** Wrong codes a client may try per studio in the window before it must wait. */
export const GIFT_CARD_CODE_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;
const WRONG_CODE = 'No gift card has that code. Check the code and try again.';

function serialize(row: NonNullable<Awaited<ReturnType<typeof queries.findCard>>>): GiftCard {
  const c = row.card;
  return {
    id: c.id,
    lastFour: c.codeLastFour,
    initialAmount: c.initialAmount,
    balance: c.balance,
    currency: c.currency,
    recipientEmail: c.recipientEmail,
    recipientName: c.recipientName,
    message: c.message,
    purchaser:
      c.purchaserMemberId && row.purchaserFirst !== null
        ? {
            id: c.purchaserMemberId,
            name: `${row.purchaserFirst} ${row.purchaserLast ?? ''}`.trim(),
          }
        : null,
    soldByName: row.soldByName,
    refundedToBuyer: normalizeAmount(String(row.refundedToBuyer)),
    createdAt: c.createdAt.toISOString(),
  };
}

export async function getGiftCard(
  scope: Pick<StudioScope, 'organizationId' | 'db'>,
  id: string,
): Promise<GiftCardDetail> {
  const row = await queries.findCard(scope.db, scope.organizationId, id);
  if (!row) throw notFound('Gift card');
  const movements = await queries.movementsOf(scope.db, scope.organizationId, id);
  return {
    ...serialize(row),
    movements: movements.map((m) => ({
      id: m.movement.id,
      kind: m.movement.kind,
      amount: m.movement.amount,
      balanceAfter: m.movement.balanceAfter,
      description: m.description,
      createdAt: m.movement.createdAt.toISOString(),
    })),
  };
}

export async function listGiftCards(scope: StudioScope, query: ListQuery) {
  const { rows, total } = await queries.listCards(scope.db, scope.organizationId, query);
  return {
    giftCards: rows.map(serialize),
    pageInfo: { page: query.page, pageSize: query.pageSize, total },
    outstanding: await outstandingTotal(scope.db, scope.organizationId),
  };
}

/**
 * Sells a gift card: the money is taken (the member's card through the card processor, or
 * cash/other staff took) and written to the ledger as a `gift_card_sale`, a liability that no
 * revenue figure counts; the card is issued with its balance and the code is emailed to the
 * recipient. A declined card throws: nothing is sold and nothing is recorded.
 */
export async function sellGiftCard(scope: ActorScope, input: SellInput): Promise<GiftCardDetail> {
  const { organizationId } = scope;
  if (input.memberId) await getMember(scope, input.memberId);
  const id = randomUUID();
  const code = newGiftCardCode();
  const lastFour = lastFourOf(code);
  const idempotencyKey = `gift-card:${id}`;
  const entry = await takeGiftCardSale(scope.db, scope, {
    amount: input.amount,
    memberId: input.memberId,
    method: input.method,
    paymentMethodId: input.paymentMethodId,
    description: `Gift card •••• ${lastFour} for ${input.recipientEmail}`,
    idempotencyKey,
  });
  const { currency } = await studioFormat(scope.db, organizationId);
  const row = await queries.insertCard(scope.db, {
    id,
    organizationId,
    codeHash: hashGiftCardCode(code),
    codeLastFour: lastFour,
    initialAmount: input.amount,
    currency,
    balance: '0.00',
    recipientEmail: input.recipientEmail,
    recipientName: input.recipientName || null,
    message: input.message || null,
    purchaserMemberId: input.memberId,
    saleEntryId: entry.entryId,
    soldBy: scope.userId,
  });
  await moveGiftCardBalance(scope.db, row, {
    kind: 'issue',
    amount: input.amount,
    ledgerKey: idempotencyKey,
    recordedBy: scope.userId,
  });
  await enqueueJob(scope.work, giftCardEmailJob, { organizationId, giftCardId: id, code });
  return getGiftCard(scope, id);
}

/**
 * `Refund balance` (owners and admins): what is left on a card, or part of it, goes back to the
 * buyer's original payment (their card through the processor, or cash from the drawer); the
 * balance goes down by as much in the same transaction (payments' refundGiftCardSale).
 */
export async function refundGiftCardBalance(
  scope: ActorScope,
  id: string,
  input: RefundInput,
): Promise<GiftCardDetail> {
  await refundGiftCardSale(scope.db, scope, {
    giftCardId: id,
    amount: input.amount,
    reason: input.reason || 'Gift card balance refunded',
  });
  return getGiftCard(scope, id);
}

/** Who is trying codes: the studio, and the address and the account (staff or member). */
export interface CodeClient {
  ip: string;
  actor: string;
}

const limitKeys = (organizationId: string, client: CodeClient) => [
  `gift-card:${organizationId}:ip:${client.ip}`,
  `gift-card:${organizationId}:actor:${client.actor}`,
];

async function assertNotLimited(db: Db | Tx, keys: string[]) {
  const counts = await codeAttempts(db, keys, Date.now() - GIFT_CARD_CODE_LIMIT.windowMs);
  if (counts.some((r) => r.count >= GIFT_CARD_CODE_LIMIT.max))
    throw new AppError(
      'rate_limited',
      'Too many wrong gift card codes. Wait 15 minutes and try again.',
    );
}

/**
 * The card of a typed code, locked for the rest of the transaction, or an error to ANSWER (not
 * throw): a wrong code is counted against the client, and the count must commit with the
 * request. Only wrong codes count, so a busy front desk is never slowed down.
 */
export async function findCardForPayment(
  scope: Pick<ActorScope, 'organizationId' | 'db'>,
  code: string,
  client: CodeClient,
): Promise<{ ok: true; card: queries.GiftCardRow } | { ok: false; error: AppError }> {
  const keys = limitKeys(scope.organizationId, client);
  await assertNotLimited(scope.db, keys);
  const card = await queries.lockCardByHash(scope.db, scope.organizationId, hashGiftCardCode(code));
  if (card) return { ok: true, card };
  for (const key of keys) await countAttempt(scope.db, key, GIFT_CARD_CODE_LIMIT.windowMs);
  return { ok: false, error: new AppError('not_found', WRONG_CODE, { code: WRONG_CODE }) };
}

/**
 * Pays `amount` from a card (its row locked by findCardForPayment): a ledger charge with method
 * gift_card (revenue, with its receipt) and the card's `redeem` movement, in the caller's
 * transaction. The caller has made sure the balance covers it; the provider checks again.
 */
export async function payWithGiftCard(
  tx: Db | Tx,
  scope: PaymentScope,
  card: queries.GiftCardRow,
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
): Promise<{ entryId: string; balance: string }> {
  const { entryId } = await chargeGiftCard(tx, scope, card.id, req);
  const after = await lockGiftCard(tx, scope.organizationId, card.id);
  return { entryId, balance: after?.balance ?? '0.00' };
}

/** "The gift card ending ABCD has €12.00 left." */
export async function balanceMessage(
  db: Db | Tx,
  organizationId: string,
  card: queries.GiftCardRow,
) {
  const left = formatMoney(card.balance, await studioFormat(db, organizationId));
  return `The gift card ending ${card.codeLastFour} has ${left} left.`;
}
