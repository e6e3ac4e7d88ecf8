import { and, asc, eq, getTableColumns, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { bookings, classSessions } from '../../db/schema/schedule.ts';

export type SessionRow = typeof classSessions.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
type BookingStatus = BookingRow['status'];

/** Statuses of a member's live bookings: the ones that make a second booking a double. */
export const LIVE_STATUSES = ['booked', 'waitlisted', 'attended', 'no_show'] as const;

/**
 * Locks the session row for the rest of the transaction: every booking, cancel and check-in of
 * one session queues here, so counting places and taking one cannot interleave.
 */
export async function lockSession(
  tx: Tx,
  organizationId: string,
  id: string,
): Promise<SessionRow | null> {
  const [row] = await tx
    .select()
    .from(classSessions)
    .where(and(eq(classSessions.organizationId, organizationId), eq(classSessions.id, id)))
    .for('update');
  return row ?? null;
}

export async function findSession(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(classSessions)
    .where(and(eq(classSessions.organizationId, organizationId), eq(classSessions.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findBooking(
  db: Db | Tx,
  organizationId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<BookingRow | null> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.organizationId, organizationId), eq(bookings.id, id)));
  const [row] = options.lock ? await query.for('update') : await query.limit(1);
  return row ?? null;
}

export async function findLiveBooking(
  tx: Tx,
  organizationId: string,
  sessionId: string,
  memberId: string,
): Promise<BookingRow | null> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        eq(bookings.sessionId, sessionId),
        eq(bookings.memberId, memberId),
        inArray(bookings.status, [...LIVE_STATUSES]),
      ),
    )
    .for('update');
  return row ?? null;
}

const BOOKING_COLUMNS = getTableColumns(bookings);

/**
 * Inserts a booking and moves the session's counters in one statement (one round trip less
 * under the session lock: bench:schedule). A unique violation fails the whole statement, counter
 * included. A waitlisted booking's place in line is the database clock at insert, under the
 * session lock: strictly increasing, so first in is first out even within one millisecond.
 */
export async function insertBookingCounted(
  unit: UnitOfWork,
  values: Omit<typeof bookings.$inferInsert, 'waitlistedAt'>,
  delta: { booked?: number; waitlisted?: number },
): Promise<BookingRow> {
  const waitlistedAt = values.status === 'waitlisted' ? sql`clock_timestamp()` : null;
  const insert = unit.db
    .insert(bookings)
    .values({ ...values, waitlistedAt })
    .returning();
  // Named per status (a waitlisted row's text differs: its clock_timestamp()), so each shape
  // is parsed and planned once per connection.
  const rows = await unit.prepared<Record<string, unknown>>(
    `booking_insert_counted_${values.status}`,
    sql`
    with inserted as (${insert.getSQL()}), counted as (
      update ${classSessions}
      set booked_count = booked_count + ${delta.booked ?? 0},
          waitlist_count = waitlist_count + ${delta.waitlisted ?? 0},
          updated_at = now()
      where organization_id = ${values.organizationId} and id = ${values.sessionId}
    )
    select * from inserted`,
  );
  const raw = rows[0];
  if (!raw) throw new Error('insert bookings returned no row');
  // The driver's values, mapped as Drizzle's own select would (timestamps to Dates).
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(BOOKING_COLUMNS)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as BookingRow;
}

export async function updateBooking(
  tx: Tx,
  organizationId: string,
  id: string,
  patch: Partial<typeof bookings.$inferInsert>,
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(bookings.organizationId, organizationId), eq(bookings.id, id)))
    .returning();
  if (!row) throw new Error('update bookings returned no row');
  return row;
}

/** Moves the session's counters by the given amounts (the caller holds the session lock). */
export async function adjustCounts(
  tx: Tx,
  organizationId: string,
  sessionId: string,
  delta: { booked?: number; waitlisted?: number },
): Promise<void> {
  await tx
    .update(classSessions)
    .set({
      bookedCount: sql`${classSessions.bookedCount} + ${delta.booked ?? 0}`,
      waitlistCount: sql`${classSessions.waitlistCount} + ${delta.waitlisted ?? 0}`,
      updatedAt: new Date(),
    })
    .where(and(eq(classSessions.organizationId, organizationId), eq(classSessions.id, sessionId)));
}

/** The session's waitlist in line order (first in, first out), locked. */
export async function waitlistInOrder(
  tx: Tx,
  organizationId: string,
  sessionId: string,
): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        eq(bookings.sessionId, sessionId),
        eq(bookings.status, 'waitlisted'),
      ),
    )
    .orderBy(asc(bookings.waitlistedAt), asc(bookings.createdAt), asc(bookings.id))
    .for('update');
}

/** 1 + the waitlisted bookings of the session ahead of this one. */
export async function waitlistPosition(tx: Db | Tx, booking: BookingRow): Promise<number> {
  const [row] = await tx
    .select({ ahead: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.organizationId, booking.organizationId),
        eq(bookings.sessionId, booking.sessionId),
        eq(bookings.status, 'waitlisted'),
        // Compared with the stored row itself: a JS Date would drop the microseconds.
        sql`(${bookings.waitlistedAt}, ${bookings.createdAt}, ${bookings.id}) < (select o.waitlisted_at, o.created_at, o.id from bookings o where o.organization_id = ${booking.organizationId} and o.id = ${booking.id})`,
      ),
    )
    .prepare('booking_waitlist_position')
    .execute();
  return (row?.ahead ?? 0) + 1;
}

/** What releasing a booking's membership entitlement needs (memberships.service). */
export const entitledColumns = {
  id: bookings.id,
  memberId: bookings.memberId,
  membershipId: bookings.membershipId,
  creditUsed: bookings.creditUsed,
};
export type EntitledBooking = {
  id: string;
  memberId: string;
  membershipId: string | null;
  creditUsed: boolean;
};

/** A credit given back: the booking no longer holds one. */
export async function clearCreditUsed(tx: Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .update(bookings)
    .set({ creditUsed: false, updatedAt: new Date() })
    .where(and(eq(bookings.organizationId, organizationId), inArray(bookings.id, ids)));
}

/** Turns the session's remaining `booked` bookings into no-shows (what their entitlement needs). */
export async function markNoShows(
  tx: Tx,
  organizationId: string,
  sessionId: string,
): Promise<EntitledBooking[]> {
  return tx
    .update(bookings)
    .set({ status: 'no_show' satisfies BookingStatus, updatedAt: new Date() })
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        eq(bookings.sessionId, sessionId),
        eq(bookings.status, 'booked'),
      ),
    )
    .returning(entitledColumns);
}

export async function setSessionClosed(
  tx: Tx,
  organizationId: string,
  sessionId: string,
  closedAt: Date,
): Promise<void> {
  await tx
    .update(classSessions)
    .set({ closedAt, updatedAt: new Date() })
    .where(and(eq(classSessions.organizationId, organizationId), eq(classSessions.id, sessionId)));
}

/** Scheduled sessions of the organization that ended before `endedBefore` and are still open. */
export async function sessionsToClose(
  tx: Tx,
  organizationId: string,
  endedBefore: Date,
): Promise<string[]> {
  const rows = await tx
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.organizationId, organizationId),
        eq(classSessions.status, 'scheduled'),
        isNull(classSessions.closedAt),
        lt(classSessions.endsAt, endedBefore),
      ),
    )
    .orderBy(asc(classSessions.endsAt));
  return rows.map((r) => r.id);
}

export async function organizationForMail(db: Db | Tx, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name, timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}
