import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, memberVisits } from '../../db/schema/members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { newestFirst } from '../members/members.queries.ts';

export async function findOrganizationPlan(db: Db, organizationId: string) {
  const [row] = await db
    .select({ maxMembers: organizations.maxMembers, timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}

/**
 * Visits since the start of today in the organization's time zone (DECISIONS.md 4). The
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
    .orderBy(newestFirst(memberVisits.visitDate), desc(memberVisits.id))
    .limit(limit);
}
