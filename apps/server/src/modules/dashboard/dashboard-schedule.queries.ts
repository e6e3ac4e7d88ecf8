import { STAFF_ROLES } from '@fitbase/domain/contracts/staff';
import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { descNullsLast } from '../../db/keyset.ts';
import { members } from '../../db/schema/members.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { bookings, classSessions } from '../../db/schema/schedule.ts';
import type { Span } from './dashboard.queries.ts';

/** Places counted as class bookings on the dashboards: booked and attended. */
const COUNTED_BOOKINGS = ['booked', 'attended'] as const;

const scheduledIn = (organizationId: string, span: Span) =>
  and(
    eq(classSessions.organizationId, organizationId),
    eq(classSessions.status, 'scheduled'),
    gte(classSessions.startsAt, span.start),
    lt(classSessions.startsAt, span.end),
  );

/** Scheduled sessions starting in [start, end) and the sum of their capacities. */
export async function sessionTotals(db: Db, organizationId: string, span: Span) {
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)`.mapWith(Number),
      capacity: sql<number>`coalesce(sum(${classSessions.capacity}), 0)`.mapWith(Number),
    })
    .from(classSessions)
    .where(scheduledIn(organizationId, span));
  return { sessions: row?.sessions ?? 0, capacity: row?.capacity ?? 0 };
}

/** Booked and attended places in scheduled sessions starting in [start, end). */
export async function countBookings(db: Db, organizationId: string, span: Span): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bookings)
    .innerJoin(
      classSessions,
      and(
        eq(classSessions.organizationId, bookings.organizationId),
        eq(classSessions.id, bookings.sessionId),
      ),
    )
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        inArray(bookings.status, [...COUNTED_BOOKINGS]),
        scheduledIn(organizationId, span),
      ),
    );
  return row?.n ?? 0;
}

/** Ids of the scheduled sessions starting in [start, end), in start order. */
export async function sessionIdsIn(db: Db, organizationId: string, span: Span): Promise<string[]> {
  const rows = await db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(scheduledIn(organizationId, span))
    .orderBy(asc(classSessions.startsAt), asc(classSessions.name), asc(classSessions.id));
  return rows.map((r) => r.id);
}

/** The next scheduled session starting after `now` (taught by `trainerUserId` when given). */
export async function nextSessionId(
  db: Db,
  organizationId: string,
  now: Date,
  trainerUserId?: string,
): Promise<string | null> {
  const where = [
    eq(classSessions.organizationId, organizationId),
    eq(classSessions.status, 'scheduled'),
    gt(classSessions.startsAt, now),
  ];
  if (trainerUserId) where.push(eq(classSessions.trainerUserId, trainerUserId));
  const [row] = await db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(and(...where))
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * People on the Staff screen (admin, trainer, staff) who teach a scheduled session or
 * appointment starting in [start, end), each counted once.
 */
export async function countTeachingStaff(
  db: Db,
  organizationId: string,
  span: Span,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${classSessions.trainerUserId})`.mapWith(Number) })
    .from(classSessions)
    .innerJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, classSessions.organizationId),
        eq(organizationUsers.userId, classSessions.trainerUserId),
      ),
    )
    .where(
      and(scheduledIn(organizationId, span), inArray(organizationUsers.role, [...STAFF_ROLES])),
    );
  return row?.n ?? 0;
}

/** The newest members (sign-ups), newest first. */
export async function newestMembers(db: Db, organizationId: string, limit: number) {
  return (
    db
      .select({
        id: members.id,
        firstName: members.firstName,
        lastName: members.lastName,
        createdAt: members.createdAt,
      })
      .from(members)
      .where(eq(members.organizationId, organizationId))
      // As members_org_created_idx is built (desc nulls last): plain desc sorted the whole studio.
      .orderBy(descNullsLast(members.createdAt), descNullsLast(members.id))
      .limit(limit)
  );
}

/**
 * Active members whose membership end date falls on a local date in [from, to], soonest first.
 */
export async function membersEndingBetween(
  db: Db,
  organizationId: string,
  from: string,
  to: string,
  limit: number,
) {
  return db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      endsOn: members.membershipEndDate,
    })
    .from(members)
    .where(
      and(
        eq(members.organizationId, organizationId),
        eq(members.membershipStatus, 'active'),
        gte(members.membershipEndDate, from),
        lte(members.membershipEndDate, to),
      ),
    )
    .orderBy(asc(members.membershipEndDate), asc(members.lastName), asc(members.id))
    .limit(limit);
}
