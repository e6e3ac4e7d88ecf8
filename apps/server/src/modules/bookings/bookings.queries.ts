import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { users } from '../../db/schema/auth.ts';
import { members } from '../../db/schema/members.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';
import { bookings, classSessions, scheduleSettings } from '../../db/schema/schedule.ts';
import { staffDisplayName } from '../../db/staff-name.ts';

export type SessionRow = typeof classSessions.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
type BookingStatus = BookingRow['status'];

/** Statuses of a member's live bookings: the ones that make a second booking a double. */
export const LIVE_STATUSES = ['booked', 'waitlisted', 'attended', 'no_show'] as const;
/** Statuses that keep the member busy at that time (overlap check). */
const BUSY_STATUSES = ['booked', 'waitlisted', 'attended'] as const;

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

export interface PlacementChecks {
  bookingClosesMinutes: number | null;
  live: boolean;
  overlap: { name: string; startsAt: Date } | null;
}

/**
 * What placing a booking checks, as select-list columns of one statement (a booking's latency
 * is mostly its round trips: bench:schedule): the studio's booking cut-off (null while it saved
 * no booking rules), whether the member already holds a live booking of the session, and the
 * first other session they are booked, waitlisted or checked in for that overlaps the session's
 * [start, end). The window is given as SQL: parameters, or the locked session's own columns.
 */
function checkColumns(
  organizationId: string,
  memberId: string,
  window: { sessionId: SQL; startsAt: SQL; endsAt: SQL },
) {
  // The statuses are the code's constants, written as literals: a prepared statement's generic
  // plan can then use the partial unique index on live bookings (its predicate is these
  // statuses), which it cannot prove for parameters (5x slower lock in bench:schedule).
  const live = sql.raw(LIVE_STATUSES.map((s) => `'${s}'`).join(', '));
  const busy = sql.raw(BUSY_STATUSES.map((s) => `'${s}'`).join(', '));
  return {
    closes: sql<number | null>`(select ss.booking_closes_minutes from ${scheduleSettings} ss
        where ss.organization_id = ${organizationId})`,
    live: sql<boolean>`exists (select 1 from ${bookings} b
        where b.organization_id = ${organizationId} and b.session_id = ${window.sessionId}
          and b.member_id = ${memberId} and b.status in (${live}))`,
    overlap: sql<{ name: string; startsAt: string } | null>`(
      select json_build_object('name', s.name, 'startsAt', s.starts_at)
      from ${bookings} b
      join ${classSessions} s on s.organization_id = b.organization_id and s.id = b.session_id
      where b.organization_id = ${organizationId} and b.member_id = ${memberId}
        and b.status in (${busy})
        and b.starts_at < ${window.endsAt} and b.ends_at > ${window.startsAt}
        and b.session_id <> ${window.sessionId}
      order by b.starts_at limit 1)`,
  };
}

function toChecks(row: {
  closes: number | null;
  live: boolean;
  overlap: { name: string; startsAt: string } | null;
}): PlacementChecks {
  return {
    bookingClosesMinutes: row.closes === null ? null : Number(row.closes),
    live: row.live,
    overlap: row.overlap && { name: row.overlap.name, startsAt: new Date(row.overlap.startsAt) },
  };
}

/**
 * The placement checks for a session the caller already locked (under that lock no booking of
 * this session changes, so nothing more is locked).
 */
export async function placementChecks(
  tx: Tx,
  organizationId: string,
  memberId: string,
  window: { sessionId: string; startsAt: Date; endsAt: Date },
): Promise<PlacementChecks> {
  const columns = checkColumns(organizationId, memberId, {
    sessionId: sql`${window.sessionId}::uuid`,
    startsAt: sql`${window.startsAt.toISOString()}::timestamptz`,
    endsAt: sql`${window.endsAt.toISOString()}::timestamptz`,
  });
  const [row] = await tx.select(columns).from(sql`(select 1) one`);
  return toChecks(row!);
}

/**
 * lockSession and placementChecks in one statement, for a booking: the session row locked, and
 * the checks against it. The checks read as of the statement's start, possibly before a
 * concurrent booking of the same member and session committed while this waited for the lock:
 * the live-booking unique index still refuses that double (booking-steps.ts placeBooking).
 */
export async function lockSessionForBooking(
  tx: Tx,
  organizationId: string,
  id: string,
  memberId: string,
): Promise<{ session: SessionRow; checks: PlacementChecks } | null> {
  const [row] = await tx
    .select({
      session: classSessions,
      ...checkColumns(organizationId, memberId, {
        sessionId: sql`${classSessions.id}`,
        startsAt: sql`${classSessions.startsAt}`,
        endsAt: sql`${classSessions.endsAt}`,
      }),
    })
    .from(classSessions)
    .where(and(eq(classSessions.organizationId, organizationId), eq(classSessions.id, id)))
    .for('update', { of: classSessions })
    // Named, so PostgreSQL parses and plans it once per connection: planning this statement
    // (its subqueries, under row-level security) cost more than running it (bench:schedule).
    .prepare('booking_lock_session')
    .execute();
  return row ? { session: row.session, checks: toChecks(row) } : null;
}

const BOOKING_COLUMNS = getTableColumns(bookings);

/**
 * Inserts a booking and moves the session's counters in one statement (one round trip less
 * under the session lock: bench:schedule). A unique violation fails the whole statement, counter
 * included. A waitlisted booking's place in line is the database clock at insert, under the
 * session lock: strictly increasing, so first in is first out even within one millisecond.
 */
export async function insertBookingCounted(
  tx: Tx,
  values: Omit<typeof bookings.$inferInsert, 'waitlistedAt'>,
  delta: { booked?: number; waitlisted?: number },
): Promise<BookingRow> {
  const waitlistedAt = values.status === 'waitlisted' ? sql`clock_timestamp()` : null;
  const insert = tx
    .insert(bookings)
    .values({ ...values, waitlistedAt })
    .returning();
  // Named per status (a waitlisted row's text differs: its clock_timestamp()), so each shape
  // is parsed and planned once per connection.
  const rows = await executePrepared<Record<string, unknown>>(
    tx,
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

const STATUS_ORDER = sql`case ${bookings.status}
  when 'attended' then 0 when 'booked' then 1 when 'no_show' then 2 when 'waitlisted' then 3
  when 'late_cancelled' then 4 else 5 end`;

/** The roster: places in booking order, then the waitlist in its order, then cancellations. */
export async function listRoster(db: Db | Tx, organizationId: string, sessionId: string) {
  return db
    .select({
      booking: bookings,
      member: {
        id: members.id,
        firstName: members.firstName,
        lastName: members.lastName,
        email: members.email,
        membershipStatus: members.membershipStatus,
      },
    })
    .from(bookings)
    .innerJoin(
      members,
      and(eq(members.organizationId, bookings.organizationId), eq(members.id, bookings.memberId)),
    )
    .where(and(eq(bookings.organizationId, organizationId), eq(bookings.sessionId, sessionId)))
    .orderBy(STATUS_ORDER, asc(bookings.waitlistedAt), asc(bookings.createdAt), asc(bookings.id));
}

/** A member's bookings, newest session first, with the session's name and trainer. */
export async function listMemberBookings(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  limit: number,
) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      checkedInAt: bookings.checkedInAt,
      sessionId: classSessions.id,
      name: classSessions.name,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
      // The name the schedule shows for a trainer (their staff display name, else account name).
      trainerName: staffDisplayName<string | null>(),
    })
    .from(bookings)
    .innerJoin(
      classSessions,
      and(
        eq(classSessions.organizationId, bookings.organizationId),
        eq(classSessions.id, bookings.sessionId),
      ),
    )
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, classSessions.organizationId),
        eq(organizationUsers.userId, classSessions.trainerUserId),
      ),
    )
    .leftJoin(users, eq(users.id, classSessions.trainerUserId))
    .where(and(eq(bookings.organizationId, organizationId), eq(bookings.memberId, memberId)))
    .orderBy(desc(bookings.startsAt), desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
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
