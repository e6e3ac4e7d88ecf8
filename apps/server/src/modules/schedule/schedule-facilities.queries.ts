import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { classSessions, facilities, scheduleClasses } from '../../db/schema/schedule.ts';

// The schedule's rooms (docs/product/schedule.md#facilities): Drizzle only.

type Q = Db | Tx;
export type FacilityRow = typeof facilities.$inferSelect;

export function listFacilities(tx: Q, organizationId: string): Promise<FacilityRow[]> {
  return tx
    .select()
    .from(facilities)
    .where(eq(facilities.organizationId, organizationId))
    .orderBy(asc(sql`lower(${facilities.name})`), asc(facilities.id));
}

export async function findFacility(tx: Q, organizationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, organizationId), eq(facilities.id, id)));
  return row ?? null;
}

export async function insertFacility(
  tx: Q,
  organizationId: string,
  values: { name: string; capacity: number },
) {
  const [row] = await tx
    .insert(facilities)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('insert facilities returned no row');
  return row;
}

export async function updateFacility(
  tx: Q,
  organizationId: string,
  id: string,
  values: { name?: string; capacity?: number },
) {
  const [row] = await tx
    .update(facilities)
    .set(values)
    .where(and(eq(facilities.organizationId, organizationId), eq(facilities.id, id)))
    .returning();
  return row ?? null;
}

/** The largest capacity of a scheduled session in the facility from `now` on (0 if none). */
export async function largestFutureCapacity(
  tx: Q,
  organizationId: string,
  facilityId: string,
  now: Date,
) {
  const [row] = await tx
    .select({ capacity: sql<number>`coalesce(max(${classSessions.capacity}), 0)::int` })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.organizationId, organizationId),
        eq(classSessions.facilityId, facilityId),
        eq(classSessions.status, 'scheduled'),
        gt(classSessions.endsAt, now),
      ),
    );
  return row?.capacity ?? 0;
}

export async function countFutureSessionsIn(
  tx: Q,
  organizationId: string,
  facilityId: string,
  now: Date,
) {
  const [row] = await tx
    .select({ n: count() })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.organizationId, organizationId),
        eq(classSessions.facilityId, facilityId),
        eq(classSessions.status, 'scheduled'),
        gt(classSessions.endsAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** Frees the facility from past sessions and classes, then deletes it. */
export async function deleteFacility(tx: Q, organizationId: string, id: string): Promise<boolean> {
  await tx
    .update(classSessions)
    .set({ facilityId: null })
    .where(and(eq(classSessions.organizationId, organizationId), eq(classSessions.facilityId, id)));
  await tx
    .update(scheduleClasses)
    .set({ facilityId: null })
    .where(
      and(eq(scheduleClasses.organizationId, organizationId), eq(scheduleClasses.facilityId, id)),
    );
  const rows = await tx
    .delete(facilities)
    .where(and(eq(facilities.organizationId, organizationId), eq(facilities.id, id)))
    .returning({ id: facilities.id });
  return rows.length > 0;
}
