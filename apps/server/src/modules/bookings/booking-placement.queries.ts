import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, classSessions, scheduleSettings } from '../../db/schema/schedule.ts';
import { waiverSettings } from '../../db/schema/waivers.ts';
import { LIVE_STATUSES, type SessionRow } from './bookings.queries.ts';

/**
 * What placing a booking reads before it writes (docs/product/schedule.md#bookings-and-waitlist): the studio's
 * booking cut-off, a live booking of the member in the session, and an overlapping session, as
 * columns of the statement that locks the session (one round trip for a booking).
 */

/** Statuses that keep the member busy at that time (overlap check). */
const BUSY_STATUSES = ['booked', 'waitlisted', 'attended'] as const;

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
): Promise<{ session: SessionRow; checks: PlacementChecks; waiverRequired: boolean } | null> {
  const [row] = await tx
    .select({
      session: classSessions,
      ...checkColumns(organizationId, memberId, {
        sessionId: sql`${classSessions.id}`,
        startsAt: sql`${classSessions.startsAt}`,
        endsAt: sql`${classSessions.endsAt}`,
      }),
      // Whether the studio requires a signed waiver to book (docs/product/waivers.md): read
      // here rather than before the lock, a round trip fewer for every booking; the signature
      // itself is looked up only where the rule is on.
      waiverRequired: sql<boolean>`coalesce((select ws.required_to_book from ${waiverSettings} ws
        where ws.organization_id = ${organizationId}), false)`,
    })
    .from(classSessions)
    .where(and(eq(classSessions.organizationId, organizationId), eq(classSessions.id, id)))
    .for('update', { of: classSessions })
    // Named, so PostgreSQL parses and plans it once per connection: planning this statement
    // (its subqueries, under row-level security) cost more than running it (bench:schedule).
    .prepare('booking_lock_session')
    .execute();
  return row
    ? { session: row.session, checks: toChecks(row), waiverRequired: row.waiverRequired }
    : null;
}
