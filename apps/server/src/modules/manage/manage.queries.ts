import { and, asc, count, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { gymServices, members } from '../../db/schema/members.ts';
import { plans } from '../../db/schema/money.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { bookings, classSessions, facilities, scheduleClasses } from '../../db/schema/schedule.ts';
import { staffDisplayName } from '../../db/staff-name.ts';

/** The figures of /manage (docs/product/schedule.md#manage), one small query each. */

async function firstCount(query: PromiseLike<{ n: number }[]>): Promise<number> {
  return (await query)[0]?.n ?? 0;
}

export async function countMembers(db: Db, organizationId: string) {
  return firstCount(
    db.select({ n: count() }).from(members).where(eq(members.organizationId, organizationId)),
  );
}

export async function countClasses(db: Db, organizationId: string, kind: 'class' | 'course') {
  return firstCount(
    db
      .select({ n: count() })
      .from(scheduleClasses)
      .where(
        and(
          eq(scheduleClasses.organizationId, organizationId),
          eq(scheduleClasses.kind, kind),
          isNull(scheduleClasses.archivedAt),
        ),
      ),
  );
}

export async function countFacilities(db: Db, organizationId: string) {
  return firstCount(
    db.select({ n: count() }).from(facilities).where(eq(facilities.organizationId, organizationId)),
  );
}

export async function countTrainers(db: Db, organizationId: string) {
  return firstCount(
    db
      .select({ n: count() })
      .from(organizationUsers)
      .where(
        and(
          eq(organizationUsers.organizationId, organizationId),
          eq(organizationUsers.role, 'trainer'),
        ),
      ),
  );
}

export async function countServices(db: Db, organizationId: string) {
  return firstCount(
    db
      .select({ n: count() })
      .from(gymServices)
      .where(eq(gymServices.organizationId, organizationId)),
  );
}

/** Active plans (the pricing options shown beside the services). */
export async function countPlans(db: Db, organizationId: string) {
  return firstCount(
    db
      .select({ n: count() })
      .from(plans)
      .where(and(eq(plans.organizationId, organizationId), eq(plans.isActive, true))),
  );
}

const upcomingAppointment = (organizationId: string, now: Date) =>
  and(
    eq(classSessions.organizationId, organizationId),
    eq(classSessions.kind, 'appointment'),
    eq(classSessions.status, 'scheduled'),
    gt(classSessions.startsAt, now),
  );

export async function countUpcomingAppointments(db: Db, organizationId: string, now: Date) {
  return firstCount(
    db.select({ n: count() }).from(classSessions).where(upcomingAppointment(organizationId, now)),
  );
}

/** The first classes (or courses) by name, with their next scheduled session and how many. */
export async function firstClasses(
  db: Db,
  organizationId: string,
  kind: 'class' | 'course',
  now: Date,
  limit: number,
) {
  return db
    .select({
      id: scheduleClasses.id,
      name: scheduleClasses.name,
      color: scheduleClasses.color,
      nextSessionAt: min(classSessions.startsAt),
      upcomingSessions: sql<number>`count(${classSessions.id})`.mapWith(Number),
    })
    .from(scheduleClasses)
    .leftJoin(
      classSessions,
      and(
        eq(classSessions.organizationId, scheduleClasses.organizationId),
        eq(classSessions.classId, scheduleClasses.id),
        eq(classSessions.status, 'scheduled'),
        gt(classSessions.startsAt, now),
      ),
    )
    .where(
      and(
        eq(scheduleClasses.organizationId, organizationId),
        eq(scheduleClasses.kind, kind),
        isNull(scheduleClasses.archivedAt),
      ),
    )
    .groupBy(scheduleClasses.organizationId, scheduleClasses.id)
    .orderBy(asc(sql`lower(${scheduleClasses.name})`), asc(scheduleClasses.id))
    .limit(limit);
}

export async function firstFacilities(db: Db, organizationId: string, limit: number) {
  return db
    .select({ id: facilities.id, name: facilities.name, capacity: facilities.capacity })
    .from(facilities)
    .where(eq(facilities.organizationId, organizationId))
    .orderBy(asc(sql`lower(${facilities.name})`), asc(facilities.id))
    .limit(limit);
}

export async function firstTrainers(db: Db, organizationId: string, limit: number) {
  const name = staffDisplayName();
  return db
    .select({ userId: organizationUsers.userId, name, role: organizationUsers.role })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.role, 'trainer'),
      ),
    )
    .orderBy(asc(sql`lower(${name})`), asc(organizationUsers.userId))
    .limit(limit);
}

/** The next scheduled appointments with the member booked into each (if any). */
export async function nextAppointments(db: Db, organizationId: string, now: Date, limit: number) {
  return db
    .select({
      sessionId: classSessions.id,
      memberId: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(classSessions)
    .leftJoin(
      bookings,
      and(
        eq(bookings.organizationId, classSessions.organizationId),
        eq(bookings.sessionId, classSessions.id),
        sql`${bookings.status} in ('booked', 'attended', 'no_show')`,
      ),
    )
    .leftJoin(
      members,
      and(eq(members.organizationId, bookings.organizationId), eq(members.id, bookings.memberId)),
    )
    .where(upcomingAppointment(organizationId, now))
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id))
    .limit(limit);
}
