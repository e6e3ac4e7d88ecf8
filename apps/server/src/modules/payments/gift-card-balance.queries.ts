import type { GiftCardMovementKind } from '@fitbase/domain/money-constants';
import { formatMills, toMills, toSignedMills } from '@fitbase/domain/amounts';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { giftCardMovements, giftCards } from '../../db/schema/gift-cards.ts';
import { ledgerEntries } from '../../db/schema/money.ts';

// A gift card's balance as the payments module moves it (ADR 0040): the gift card provider
// charges and refunds through these, and the gift-cards module issues a card's first balance
// with them, so the balance is written in one place and payments never imports gift-cards.

export type GiftCardRow = typeof giftCards.$inferSelect;

export async function lockCard(tx: Db | Tx, organizationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.organizationId, organizationId), eq(giftCards.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * Moves a card's balance by `amount` (positive: added for issue and refund, taken for redeem
 * and refund_to_buyer)
 * and records the signed movement, the card row already locked by the caller. The balance check
 * (>= 0) backs the caller's own check.
 */
export async function moveBalance(
  tx: Db | Tx,
  card: GiftCardRow,
  movement: {
    kind: GiftCardMovementKind;
    amount: string;
    ledgerKey: string | null;
    recordedBy: string | null;
  },
): Promise<string> {
  const takes = movement.kind === 'redeem' || movement.kind === 'refund_to_buyer';
  const cents = toMills(movement.amount) * (takes ? -1 : 1);
  const after = formatMills(toMills(card.balance) + cents);
  await tx
    .update(giftCards)
    .set({ balance: after })
    .where(and(eq(giftCards.organizationId, card.organizationId), eq(giftCards.id, card.id)));
  await tx.insert(giftCardMovements).values({
    organizationId: card.organizationId,
    giftCardId: card.id,
    kind: movement.kind,
    amount: formatMills(cents),
    balanceAfter: after,
    ledgerKey: movement.ledgerKey,
    recordedBy: movement.recordedBy,
  });
  card.balance = after;
  return after;
}

/** What was refunded to the buyer of a card so far (the sale's gift_card_refund rows), in mills. */
export async function refundedToBuyer(tx: Db | Tx, organizationId: string, saleId: string) {
  const rows = await tx
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.correctsId, saleId),
        eq(ledgerEntries.kind, 'gift_card_refund'),
      ),
    );
  return { mills: rows.reduce((n, r) => n - toSignedMills(r.amount), 0), count: rows.length };
}
