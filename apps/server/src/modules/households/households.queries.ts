import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { householdMembers, households } from '../../db/schema/households.ts';
import { members } from '../../db/schema/members.ts';

/** Reads and writes of households (docs/product/members.md#households). */

export type HouseholdRow = typeof households.$inferSelect;

export async function findHousehold(db: Db | Tx, organizationId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(households)
    .where(and(eq(households.organizationId, organizationId), eq(households.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The household a member belongs to, if any. */
export async function householdIdOfMember(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({ householdId: householdMembers.householdId })
    .from(householdMembers)
    .where(
      and(
        eq(householdMembers.organizationId, organizationId),
        eq(householdMembers.memberId, memberId),
      ),
    );
  return row?.householdId ?? null;
}

/** The household's members, payer first then by name. */
export async function householdMemberRows(db: Db | Tx, organizationId: string, id: string) {
  return db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
      isPayer: sql<boolean>`${members.id} = ${households.payerMemberId}`,
    })
    .from(householdMembers)
    .innerJoin(
      members,
      and(
        eq(members.organizationId, householdMembers.organizationId),
        eq(members.id, householdMembers.memberId),
      ),
    )
    .innerJoin(
      households,
      and(
        eq(households.organizationId, householdMembers.organizationId),
        eq(households.id, householdMembers.householdId),
      ),
    )
    .where(
      and(
        eq(householdMembers.organizationId, organizationId),
        eq(householdMembers.householdId, id),
      ),
    )
    .orderBy(
      sql`${members.id} = ${households.payerMemberId} desc`,
      asc(members.lastName),
      asc(members.firstName),
      asc(members.id),
    );
}

/** Which of these members exist in the studio, locked so none is deleted or linked meanwhile. */
export async function lockMembers(tx: Db | Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: members.id, firstName: members.firstName, email: members.email })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), inArray(members.id, ids)))
    .orderBy(asc(members.id))
    .for('update');
}

/** Households these members already belong to, with the household's name (for the message). */
export async function existingLinks(tx: Db | Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      memberId: householdMembers.memberId,
      householdId: households.id,
      name: households.name,
    })
    .from(householdMembers)
    .innerJoin(
      households,
      and(
        eq(households.organizationId, householdMembers.organizationId),
        eq(households.id, householdMembers.householdId),
      ),
    )
    .where(
      and(
        eq(householdMembers.organizationId, organizationId),
        inArray(householdMembers.memberId, ids),
      ),
    );
}

export async function insertHousehold(
  tx: Db | Tx,
  values: { organizationId: string; name: string; payerMemberId: string },
) {
  const [row] = await tx.insert(households).values(values).returning();
  return row!;
}

export async function updateHousehold(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  values: { name?: string; payerMemberId?: string },
) {
  await tx
    .update(households)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(households.organizationId, organizationId), eq(households.id, id)));
}

export async function linkMembers(
  tx: Db | Tx,
  organizationId: string,
  householdId: string,
  memberIds: string[],
) {
  if (memberIds.length === 0) return;
  await tx
    .insert(householdMembers)
    .values(memberIds.map((memberId) => ({ organizationId, householdId, memberId })));
}

export async function unlinkMember(
  tx: Db | Tx,
  organizationId: string,
  householdId: string,
  memberId: string,
) {
  const removed = await tx
    .delete(householdMembers)
    .where(
      and(
        eq(householdMembers.organizationId, organizationId),
        eq(householdMembers.householdId, householdId),
        eq(householdMembers.memberId, memberId),
      ),
    )
    .returning({ memberId: householdMembers.memberId });
  return removed.length > 0;
}

export async function countMembers(tx: Db | Tx, organizationId: string, householdId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(householdMembers)
    .where(
      and(
        eq(householdMembers.organizationId, organizationId),
        eq(householdMembers.householdId, householdId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Who pays for a member: their household's payer when that is someone else, else null (they
 * pay for themselves). One indexed lookup; the sale and billing paths call it.
 */
export async function payerOf(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({ payerMemberId: households.payerMemberId })
    .from(householdMembers)
    .innerJoin(
      households,
      and(
        eq(households.organizationId, householdMembers.organizationId),
        eq(households.id, householdMembers.householdId),
      ),
    )
    .where(
      and(
        eq(householdMembers.organizationId, organizationId),
        eq(householdMembers.memberId, memberId),
      ),
    );
  return row && row.payerMemberId !== memberId ? row.payerMemberId : null;
}

/** The household and its links (members stay; past ledger rows keep their payer). */
export async function deleteHousehold(tx: Db | Tx, organizationId: string, id: string) {
  await tx
    .delete(householdMembers)
    .where(
      and(
        eq(householdMembers.organizationId, organizationId),
        eq(householdMembers.householdId, id),
      ),
    );
  await tx
    .delete(households)
    .where(and(eq(households.organizationId, organizationId), eq(households.id, id)));
}
