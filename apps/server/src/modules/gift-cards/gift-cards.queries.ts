import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { giftCardMovements, giftCards } from '../../db/schema/gift-cards.ts';
import { members } from '../../db/schema/members.ts';
import { ledgerEntries } from '../../db/schema/money.ts';

export type GiftCardRow = typeof giftCards.$inferSelect;
export type NewGiftCard = typeof giftCards.$inferInsert;

export async function insertCard(tx: Db | Tx, values: NewGiftCard): Promise<GiftCardRow> {
  const [row] = await tx.insert(giftCards).values(values).returning();
  if (!row) throw new Error('insert gift_cards returned no row');
  return row;
}

/**
 * The card of a code, its row locked until the transaction ends: redemptions of one card take
 * turns, so two at once can never spend the same balance.
 */
export async function lockCardByHash(tx: Db | Tx, organizationId: string, codeHash: string) {
  const [row] = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.organizationId, organizationId), eq(giftCards.codeHash, codeHash)))
    .for('update');
  return row ?? null;
}

const listColumns = {
  card: giftCards,
  purchaserFirst: members.firstName,
  purchaserLast: members.lastName,
  soldByName: users.name,
  /** What `Refund balance` gave back to the buyer (its refund_to_buyer movements, positive). */
  refundedToBuyer: sql<string>`coalesce((select -sum(m.amount) from gift_card_movements m
    where m.organization_id = ${giftCards.organizationId} and m.gift_card_id = ${giftCards.id}
      and m.kind = 'refund_to_buyer'), 0)`,
};

function listBase(db: Db | Tx) {
  return db
    .select(listColumns)
    .from(giftCards)
    .leftJoin(
      members,
      and(
        eq(members.organizationId, giftCards.organizationId),
        eq(members.id, giftCards.purchaserMemberId),
      ),
    )
    .leftJoin(users, eq(users.id, giftCards.soldBy))
    .$dynamic();
}
export type GiftCardListRow = Awaited<ReturnType<typeof findCard>> & object;

export async function findCard(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await listBase(db).where(
    and(eq(giftCards.organizationId, organizationId), eq(giftCards.id, id)),
  );
  return row ?? null;
}

export async function listCards(
  db: Db | Tx,
  organizationId: string,
  query: { page: number; pageSize: number; outstanding: boolean },
) {
  const where = and(
    eq(giftCards.organizationId, organizationId),
    query.outstanding ? gt(giftCards.balance, '0') : undefined,
  );
  const rows = await listBase(db)
    .where(where)
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(giftCards).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function movementsOf(db: Db | Tx, organizationId: string, giftCardId: string) {
  return db
    .select({ movement: giftCardMovements, description: ledgerEntries.description })
    .from(giftCardMovements)
    .leftJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.organizationId, giftCardMovements.organizationId),
        eq(ledgerEntries.idempotencyKey, giftCardMovements.ledgerKey),
      ),
    )
    .where(
      and(
        eq(giftCardMovements.organizationId, organizationId),
        eq(giftCardMovements.giftCardId, giftCardId),
      ),
    )
    .orderBy(asc(giftCardMovements.createdAt), asc(giftCardMovements.id));
}
