import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { descNullsLast } from '../../db/keyset.ts';
import { memberVisits } from '../../db/schema/members.ts';

export type VisitRow = typeof memberVisits.$inferSelect;

export async function insertVisit(
  db: Db,
  values: {
    organizationId: string;
    memberId: string;
    recordedBy: string | null;
    visitType: VisitRow['visitType'];
    /** A visit recorded later than it happened (a kiosk's offline queue); else the database's now. */
    visitDate?: Date;
  },
): Promise<VisitRow> {
  const [row] = await db.insert(memberVisits).values(values).returning();
  if (!row) throw new Error('insert member_visits returned no row');
  return row;
}

/** A member's visits, newest first (Activity tab); the index order lets PostgreSQL stop early. */
export async function listMemberVisits(
  db: Db,
  organizationId: string,
  memberId: string,
  limit: number,
) {
  return db
    .select()
    .from(memberVisits)
    .where(
      and(eq(memberVisits.organizationId, organizationId), eq(memberVisits.memberId, memberId)),
    )
    .orderBy(descNullsLast(memberVisits.visitDate), desc(memberVisits.id))
    .limit(limit);
}

/** The member's latest visit after `since` (and up to `until`, when given: duplicate scans), or null. */
export async function findVisitSince(
  tx: Db | Tx,
  organizationId: string,
  memberId: string,
  since: Date,
  until?: Date,
): Promise<VisitRow | null> {
  const [row] = await tx
    .select()
    .from(memberVisits)
    .where(
      and(
        eq(memberVisits.organizationId, organizationId),
        eq(memberVisits.memberId, memberId),
        gt(memberVisits.visitDate, since),
        until ? lte(memberVisits.visitDate, until) : undefined,
      ),
    )
    .orderBy(desc(memberVisits.visitDate), desc(memberVisits.id))
    .limit(1);
  return row ?? null;
}

export async function setVisitType(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  visitType: VisitRow['visitType'],
): Promise<void> {
  await tx
    .update(memberVisits)
    .set({ visitType })
    .where(and(eq(memberVisits.organizationId, organizationId), eq(memberVisits.id, id)));
}

export async function deleteVisit(tx: Db | Tx, organizationId: string, id: string): Promise<void> {
  await tx
    .delete(memberVisits)
    .where(and(eq(memberVisits.organizationId, organizationId), eq(memberVisits.id, id)));
}
