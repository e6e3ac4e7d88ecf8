import type { AudienceRule } from '@fitbase/domain/contracts/audiences';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  audienceMembers,
  audiences,
  leads,
  leadSources,
  memberTags,
  tags,
} from '../../db/schema/connect.ts';
import { members, memberVisits } from '../../db/schema/members.ts';
import { memberships, plans } from '../../db/schema/money.ts';

export type AudienceRow = typeof audiences.$inferSelect;
type AudienceValues = Pick<
  typeof audiences.$inferInsert,
  'name' | 'description' | 'kind' | 'rules'
>;

/** What a rule needs besides itself: the studio's today and time zone (calendar-day rules). */
export interface RuleContext {
  organizationId: string;
  /** YYYY-MM-DD in the studio's time zone. */
  today: string;
  timeZone: string;
}

/** Memberships that count as "has a membership" (past due is still a member's plan). */
const LIVE_MEMBERSHIP_STATES = ['active', 'past_due'] as const;

const visitedSince = (ctx: RuleContext, days: number | null) => sql`exists (
  select 1 from ${memberVisits}
  where ${memberVisits.organizationId} = ${ctx.organizationId}
    and ${memberVisits.memberId} = ${members.id}
    ${days === null ? sql`` : sql`and ${memberVisits.visitDate} >= now() - make_interval(days => ${days}::int)`}
)`;

/**
 * One rule as a condition on `members` (the row of the enclosing `from members`). Values are
 * bound parameters only; subqueries repeat the organization so an index serves them and no
 * row of another studio can ever match, row-level security or not.
 */
export function ruleCondition(rule: AudienceRule, ctx: RuleContext): SQL {
  switch (rule.type) {
    case 'status':
      return inArray(members.membershipStatus, rule.statuses);
    case 'plan':
      return sql`exists (
        select 1 from ${memberships}
        where ${memberships.organizationId} = ${ctx.organizationId}
          and ${memberships.memberId} = ${members.id}
          and ${inArray(memberships.status, [...LIVE_MEMBERSHIP_STATES])}
          and ${inArray(memberships.planId, rule.planIds)}
      )`;
    case 'tag':
      return sql`exists (
        select 1 from ${memberTags}
        where ${memberTags.organizationId} = ${ctx.organizationId}
          and ${memberTags.memberId} = ${members.id}
          and ${memberTags.tagId} = ${rule.tagId}
      )`;
    case 'joined_within_days':
      return sql`${members.createdAt} >= now() - make_interval(days => ${rule.days}::int)`;
    case 'joined_between':
      return sql`(${members.createdAt} at time zone ${ctx.timeZone})::date between ${rule.from}::date and ${rule.to}::date`;
    case 'visited_within_days':
      return visitedSince(ctx, rule.days);
    case 'not_visited_within_days':
      return sql`not ${visitedSince(ctx, rule.days)}`;
    case 'never_visited':
      return sql`not ${visitedSince(ctx, null)}`;
    case 'birthday_month':
      return sql`extract(month from ${members.dateOfBirth}) = ${rule.month}::int`;
    case 'lead_source':
      return sql`exists (
        select 1 from ${leads}
        where ${leads.organizationId} = ${ctx.organizationId}
          and ${leads.memberId} = ${members.id}
          and ${inArray(leads.sourceId, rule.sourceIds)}
      )`;
    case 'age_between':
      return sql`(${members.dateOfBirth} is not null and date_part('year', age(${ctx.today}::date, ${members.dateOfBirth})) between ${rule.min}::int and ${rule.max}::int)`;
  }
}

/** The members of the studio meeting every rule (no rules: every member). */
export function rulesCondition(rules: AudienceRule[], ctx: RuleContext): SQL {
  return and(
    eq(members.organizationId, ctx.organizationId),
    ...rules.map((rule) => ruleCondition(rule, ctx)),
  )!;
}

/** `select id from members where …`: the member ids of a dynamic group. */
export function dynamicMemberIdsSql(rules: AudienceRule[], ctx: RuleContext): SQL {
  return sql`select ${members.id} from ${members} where ${rulesCondition(rules, ctx)}`;
}

/** `select member_id from audience_members where …`: the member ids of a manual group. */
export function manualMemberIdsSql(organizationId: string, audienceId: string): SQL {
  return sql`select ${audienceMembers.memberId} from ${audienceMembers} where ${and(
    eq(audienceMembers.organizationId, organizationId),
    eq(audienceMembers.audienceId, audienceId),
  )}`;
}

export async function countMembersIn(
  db: Db | Tx,
  organizationId: string,
  memberIds: SQL,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), sql`${members.id} in (${memberIds})`));
  return row?.n ?? 0;
}

/** A page of the group's members by name, with the total. */
export async function pageMembersIn(
  db: Db | Tx,
  organizationId: string,
  memberIds: SQL,
  params: { page: number; pageSize: number; search?: string | undefined },
) {
  const term = params.search ? `%${params.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = and(
    eq(members.organizationId, organizationId),
    sql`${members.id} in (${memberIds})`,
    term
      ? or(
          ilike(members.firstName, term),
          ilike(members.lastName, term),
          ilike(members.email, term),
          ilike(sql`${members.firstName} || ' ' || ${members.lastName}`, term),
        )
      : undefined,
  );
  const rows = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
      membershipStatus: members.membershipStatus,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(members)
    .where(where)
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id))
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the total: count it apart.
  if (rows.length === 0 && params.page > 1) {
    const [row] = await db.select({ n: count() }).from(members).where(where);
    total = row?.n ?? 0;
  }
  return { rows: rows.map(({ total: _, ...r }) => r), total };
}

/** Oldest first (the spec's order of Audiences). */
export async function listAudiences(db: Db | Tx, organizationId: string): Promise<AudienceRow[]> {
  return db
    .select()
    .from(audiences)
    .where(eq(audiences.organizationId, organizationId))
    .orderBy(asc(audiences.createdAt), asc(audiences.id));
}

export async function findAudience(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<AudienceRow | null> {
  const [row] = await db
    .select()
    .from(audiences)
    .where(and(eq(audiences.organizationId, organizationId), eq(audiences.id, id)));
  return row ?? null;
}

export async function insertAudience(
  tx: Db | Tx,
  organizationId: string,
  createdBy: string | null,
  values: AudienceValues,
): Promise<AudienceRow> {
  const [row] = await tx
    .insert(audiences)
    .values({ ...values, organizationId, createdBy })
    .returning();
  if (!row) throw new Error('insert audiences returned no row');
  return row;
}

export async function updateAudience(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  values: Partial<Pick<AudienceValues, 'name' | 'description' | 'rules'>>,
): Promise<AudienceRow | null> {
  const [row] = await tx
    .update(audiences)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(audiences.organizationId, organizationId), eq(audiences.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAudience(tx: Db | Tx, organizationId: string, id: string) {
  const rows = await tx
    .delete(audiences)
    .where(and(eq(audiences.organizationId, organizationId), eq(audiences.id, id)))
    .returning({ id: audiences.id });
  return rows.length > 0;
}

/** Adds the studio's members among `memberIds` (others are skipped); returns how many were new. */
export async function addAudienceMembers(
  tx: Db | Tx,
  organizationId: string,
  audienceId: string,
  memberIds: string[],
): Promise<number> {
  const rows = await tx
    .insert(audienceMembers)
    .select(
      tx
        .select({
          organizationId: members.organizationId,
          audienceId: sql<string>`${audienceId}::uuid`.as('audience_id'),
          memberId: members.id,
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(members)
        .where(and(eq(members.organizationId, organizationId), inArray(members.id, memberIds))),
    )
    .onConflictDoNothing()
    .returning({ memberId: audienceMembers.memberId });
  return rows.length;
}

export async function removeAudienceMember(
  tx: Db | Tx,
  organizationId: string,
  audienceId: string,
  memberId: string,
): Promise<boolean> {
  const rows = await tx
    .delete(audienceMembers)
    .where(
      and(
        eq(audienceMembers.organizationId, organizationId),
        eq(audienceMembers.audienceId, audienceId),
        eq(audienceMembers.memberId, memberId),
      ),
    )
    .returning({ memberId: audienceMembers.memberId });
  return rows.length > 0;
}

/** The studio's member ids among `ids` (to name the unknown ones). */
export async function existingMemberIds(db: Db | Tx, organizationId: string, ids: string[]) {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), inArray(members.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Which of the referenced plan, tag and lead source ids exist in the studio. */
export async function existingReferences(
  db: Db | Tx,
  organizationId: string,
  refs: { planIds: string[]; tagIds: string[]; sourceIds: string[] },
) {
  const pick = async (
    table: typeof plans | typeof tags | typeof leadSources,
    ids: string[],
  ): Promise<Set<string>> => {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), inArray(table.id, ids)));
    return new Set(rows.map((r) => r.id));
  };
  return {
    planIds: await pick(plans, refs.planIds),
    tagIds: await pick(tags, refs.tagIds),
    sourceIds: await pick(leadSources, refs.sourceIds),
  };
}
