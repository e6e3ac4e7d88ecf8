import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { portalPurchases } from '../../db/schema/member-auth.ts';

type Key = { organizationId: string; memberId: string; idempotencyKey: string };

const matching = (k: Key) =>
  and(
    eq(portalPurchases.organizationId, k.organizationId),
    eq(portalPurchases.memberId, k.memberId),
    eq(portalPurchases.idempotencyKey, k.idempotencyKey),
  );

/**
 * Claims the key for this purchase: true when it is the first. A concurrent claim of the same
 * key waits for the first one's transaction, then finds it taken.
 */
export async function claimPurchaseKey(db: Db | Tx, key: Key): Promise<boolean> {
  const rows = await db
    .insert(portalPurchases)
    .values(key)
    .onConflictDoNothing()
    .returning({ key: portalPurchases.idempotencyKey });
  return rows.length > 0;
}

export async function purchaseOfKey(db: Db | Tx, key: Key) {
  const [row] = await db
    .select({ membershipId: portalPurchases.membershipId })
    .from(portalPurchases)
    .where(matching(key));
  return row ?? null;
}

export async function recordPurchase(db: Db | Tx, key: Key, membershipId: string) {
  await db.update(portalPurchases).set({ membershipId }).where(matching(key));
}

/** A declined purchase frees its key: trying again with it is a new attempt. */
export async function releasePurchaseKey(db: Db | Tx, key: Key) {
  await db.delete(portalPurchases).where(matching(key));
}
