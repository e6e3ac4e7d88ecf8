import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { members } from '../../db/schema/members.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { bookings, classSessions } from '../../db/schema/schedule.ts';
import { staffDisplayName } from '../../db/staff-name.ts';

/** The lists of bookings staff read: a session's roster and a member's bookings. */

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
