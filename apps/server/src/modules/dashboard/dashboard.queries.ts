import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { descNullsLast } from '../../db/keyset.ts';
import { leads } from '../../db/schema/connect.ts';
import { members, memberVisits } from '../../db/schema/members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { bookings } from '../../db/schema/schedule.ts';

/**
 * The organization's plan limit and the two spans the percent labels compare
 * (docs/product/dashboards.md): the month so far and the same number of days from the start of
 * the previous month, capped at that month's end (March 31 compares with February 1 to 28).
 * PostgreSQL does the calendar arithmetic on local wall-clock times in organizations.timezone
 * and converts back to instants, so month starts and daylight-saving changes fall where the
 * studio sees them, whatever the server's own zone.
 */
export async function findOrganizationPlan(db: Db, organizationId: string) {
  const tz = organizations.timezone;
  const nowLocal = sql`(now() at time zone ${tz})`;
  const monthLocal = sql`date_trunc('month', ${nowLocal})`;
  const previousMonthLocal = sql`(${monthLocal} - interval '1 month')`;
  const instant = (local: ReturnType<typeof sql>) =>
    sql<Date>`(${local}) at time zone ${tz}`.mapWith(organizations.createdAt);
  const [row] = await db
    .select({
      maxMembers: organizations.maxMembers,
      createdAt: organizations.createdAt,
      timeZone: organizations.timezone,
      locale: organizations.locale,
      now: sql<Date>`now()`.mapWith(organizations.createdAt),
      currentStart: instant(monthLocal),
      previousStart: instant(previousMonthLocal),
      previousEnd: instant(
        sql`least(${previousMonthLocal} + (${nowLocal} - ${monthLocal}), ${monthLocal})`,
      ),
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}

export interface Span {
  start: Date;
  end: Date;
}

/** Members created in [start, end). */
export async function countMembersAdded(
  db: Db,
  organizationId: string,
  span: Span,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(
      and(
        eq(members.organizationId, organizationId),
        gte(members.createdAt, span.start),
        lt(members.createdAt, span.end),
      ),
    );
  return row?.n ?? 0;
}

/** Visits (check-ins) in [start, end). */
export async function countVisits(db: Db, organizationId: string, span: Span): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberVisits)
    .where(
      and(
        eq(memberVisits.organizationId, organizationId),
        gte(memberVisits.visitDate, span.start),
        lt(memberVisits.visitDate, span.end),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Visits since the start of today in the organization's time zone (docs/product/dashboards.md). The
 * boundary is computed by PostgreSQL from organizations.timezone, so it is right across
 * daylight-saving changes and independent of the server's own zone.
 */
export async function countVisitsToday(db: Db, organizationId: string): Promise<number> {
  const startOfToday = sql`(
    select date_trunc('day', now() at time zone ${organizations.timezone}) at time zone ${organizations.timezone}
    from ${organizations} where ${organizations.id} = ${organizationId}
  )`;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(memberVisits)
    .where(
      and(
        eq(memberVisits.organizationId, organizationId),
        gte(memberVisits.visitDate, startOfToday),
      ),
    );
  return row?.n ?? 0;
}

/** The organization's latest visits with the member's name and photo (recent activity). */
export async function listRecentVisits(db: Db, organizationId: string, limit: number) {
  return db
    .select({
      id: memberVisits.id,
      visitDate: memberVisits.visitDate,
      visitType: memberVisits.visitType,
      memberId: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      profilePhotoUrl: members.profilePhotoUrl,
    })
    .from(memberVisits)
    .leftJoin(
      members,
      and(
        eq(members.organizationId, memberVisits.organizationId),
        eq(members.id, memberVisits.memberId),
      ),
    )
    .where(eq(memberVisits.organizationId, organizationId))
    .orderBy(descNullsLast(memberVisits.visitDate), desc(memberVisits.id))
    .limit(limit);
}

/** Bookings made (created, whatever became of them since) in [start, end): the daily summary. */
export async function countBookingsMade(db: Db, organizationId: string, span: Span) {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        gte(bookings.createdAt, span.start),
        lt(bookings.createdAt, span.end),
      ),
    );
  return row?.n ?? 0;
}

/** Leads added (by staff or the public form) in [start, end): the daily summary. */
export async function countLeadsAdded(db: Db, organizationId: string, span: Span) {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(
      and(
        eq(leads.organizationId, organizationId),
        gte(leads.createdAt, span.start),
        lt(leads.createdAt, span.end),
      ),
    );
  return row?.n ?? 0;
}
