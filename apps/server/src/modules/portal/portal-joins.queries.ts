import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { portalJoins } from '../../db/schema/member-auth.ts';

type Key = { organizationId: string; idempotencyKey: string };

const matching = (k: Key) =>
  and(
    eq(portalJoins.organizationId, k.organizationId),
    eq(portalJoins.idempotencyKey, k.idempotencyKey),
  );

/**
 * Holds the key for the rest of the transaction: a second `Join` with the same key (a double
 * click, a retry after a lost answer) waits here for the first, then finds its row.
 */
export async function lockJoinKey(tx: Tx, key: Key) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`portal-join:${key.organizationId}:${key.idempotencyKey}`}))`,
  );
}

export async function joinOfKey(tx: Tx, key: Key) {
  const [row] = await tx
    .select({ memberId: portalJoins.memberId, membershipId: portalJoins.membershipId })
    .from(portalJoins)
    .where(matching(key));
  return row ?? null;
}

export async function recordJoin(
  tx: Tx,
  key: Key & { memberId: string; membershipId: string | null },
) {
  await tx.insert(portalJoins).values(key);
}
