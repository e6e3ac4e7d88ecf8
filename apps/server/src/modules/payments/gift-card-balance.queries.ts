import type { GiftCardMovementKind } from '@fitbase/domain/money-constants';
import { formatCents, toCents } from '@fitbase/domain/savings';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { giftCardMovements, giftCards } from '../../db/schema/gift-cards.ts';

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
 * Moves a card's balance by `amount` (positive: added for issue and refund, taken for redeem)
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
  const cents = toCents(movement.amount) * (movement.kind === 'redeem' ? -1 : 1);
  const after = formatCents(toCents(card.balance) + cents);
  await tx
    .update(giftCards)
    .set({ balance: after })
    .where(and(eq(giftCards.organizationId, card.organizationId), eq(giftCards.id, card.id)));
  await tx.insert(giftCardMovements).values({
    organizationId: card.organizationId,
    giftCardId: card.id,
    kind: movement.kind,
    amount: formatCents(cents),
    balanceAfter: after,
    ledgerKey: movement.ledgerKey,
    recordedBy: movement.recordedBy,
  });
  card.balance = after;
  return after;
}
