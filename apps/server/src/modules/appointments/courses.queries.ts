import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, classSessions, scheduleClasses } from '../../db/schema/schedule.ts';

/** A course (kind 'course', not archived) of this studio, or null. */
export async function findCourse(tx: Tx, organizationId: string, id: string) {
  const [row] = await tx
    .select({ id: scheduleClasses.id, name: scheduleClasses.name })
    .from(scheduleClasses)
    .where(
      and(
        eq(scheduleClasses.organizationId, organizationId),
        eq(scheduleClasses.id, id),
        eq(scheduleClasses.kind, 'course'),
        isNull(scheduleClasses.archivedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The course's scheduled sessions that have not started, locked in start order (the order
 * every writer of a session's places locks in) so the capacity check holds until commit.
 */
export async function lockFutureSessions(
  tx: Tx,
  organizationId: string,
  classId: string,
  now: Date,
) {
  return tx
    .select({
      id: classSessions.id,
      name: classSessions.name,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
      capacity: classSessions.capacity,
      bookedCount: classSessions.bookedCount,
    })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.organizationId, organizationId),
        eq(classSessions.classId, classId),
        eq(classSessions.status, 'scheduled'),
        gt(classSessions.startsAt, now),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id))
    .for('update');
}

/** Whether the member holds a live booking (any status but cancelled) in one of `sessionIds`. */
export async function hasLiveBooking(
  tx: Tx,
  organizationId: string,
  memberId: string,
  sessionIds: string[],
): Promise<boolean> {
  if (sessionIds.length === 0) return false;
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        eq(bookings.memberId, memberId),
        inArray(bookings.sessionId, sessionIds),
        inArray(bookings.status, ['booked', 'waitlisted', 'attended', 'no_show']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function addPlaces(tx: Tx, organizationId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return;
  await tx
    .update(classSessions)
    .set({ bookedCount: sql`${classSessions.bookedCount} + 1` })
    .where(
      and(eq(classSessions.organizationId, organizationId), inArray(classSessions.id, sessionIds)),
    );
}
