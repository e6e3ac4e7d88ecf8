import { STAFF_ROLES } from '@fitbase/domain/contracts/staff';
import { VISIT_TYPES } from '../../db/schema/members.ts';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { revenueFiguresSchema, revenueFiguresSql } from '../../db/revenue-figures.sql.ts';
import { scheduledSql } from './dashboard-home.sql.ts';
import type { Span } from './dashboard.queries.ts';

/**
 * The plan dashboards' figures (docs/product/dashboards.md#plan-dashboards) in ONE statement,
 * by the definitions of dashboard.queries.ts and dashboard-schedule.queries.ts (each figure a
 * scalar subquery over an index range): one round trip instead of fourteen (issue 31).
 */

const between = (column: string, span: Span) =>
  sql`${sql.raw(column)} >= ${span.start.toISOString()}::timestamptz and ${sql.raw(column)} < ${span.end.toISOString()}::timestamptz`;

const membersAddedSql = (organizationId: string, span: Span): SQL => sql`(
  select count(*)::int from members m
  where m.organization_id = ${organizationId} and ${between('m.created_at', span)})`;

const visitsSql = (organizationId: string, span: Span): SQL => sql`(
  select count(*)::int from member_visits v
  where v.organization_id = ${organizationId} and ${between('v.visit_date', span)})`;

const nextSessionSql = (organizationId: string, now: Date, trainerUserId?: string): SQL => sql`(
  select s.id from class_sessions s
  where s.organization_id = ${organizationId} and s.status = 'scheduled'
    and s.starts_at > ${now.toISOString()}::timestamptz
    ${trainerUserId === undefined ? sql`` : sql`and s.trainer_user_id = ${trainerUserId}`}
  order by s.starts_at, s.id limit 1)`;

const staffRoles = sql.raw(STAFF_ROLES.map((r) => `'${r}'`).join(', '));

const summaryRow = z.object({
  member_count: z.coerce.number(),
  active_today: z.coerce.number(),
  recent: z.array(
    z.object({
      id: z.string(),
      visitDate: z.string(),
      visitType: z.enum(VISIT_TYPES),
      memberId: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      profilePhotoUrl: z.string().nullable(),
    }),
  ),
  members_added: z.coerce.number(),
  members_added_before: z.coerce.number(),
  visits: z.coerce.number(),
  visits_before: z.coerce.number(),
  classes_week: z.coerce.number(),
  next_session_id: z.string().nullable(),
  on_duty_today: z.coerce.number(),
  revenue: revenueFiguresSchema.nullable(),
});

export interface SummaryAsk {
  userId: string;
  /** The database's now() of the plan's spans (findOrganizationPlan). */
  now: Date;
  current: Span;
  previous: Span;
  todaySpan: Span;
  weekSpan: Span;
  recentLimit: number;
}

/** Prepared once per connection, as the home's (dashboard-home.sql.ts): it plans longer than it runs. */
export async function summaryFigures(work: UnitOfWork, organizationId: string, ask: SummaryAsk) {
  const [row] = await work.prepared(
    'dashboard_summary',
    sql`select
      (select coalesce(sum(c.member_count), 0)::bigint from member_status_counts c
        where c.organization_id = ${organizationId}) as member_count,
      -- Since the start of today in organizations.timezone, by PostgreSQL's clock.
      (select count(*)::int from member_visits v where v.organization_id = ${organizationId}
        and v.visit_date >= (select date_trunc('day', now() at time zone o.timezone) at time zone o.timezone
          from organizations o where o.id = ${organizationId})) as active_today,
      (select coalesce(json_agg(r order by r."visitDate" desc nulls last, r.id desc), '[]'::json) from (
        select v.id, v.visit_date as "visitDate", v.visit_type as "visitType", m.id as "memberId",
          m.first_name as "firstName", m.last_name as "lastName", m.profile_photo_url as "profilePhotoUrl"
        from member_visits v
        left join members m on m.organization_id = v.organization_id and m.id = v.member_id
        where v.organization_id = ${organizationId}
        order by v.visit_date desc nulls last, v.id desc limit ${ask.recentLimit}) r) as recent,
      ${membersAddedSql(organizationId, ask.current)} as members_added,
      ${membersAddedSql(organizationId, ask.previous)} as members_added_before,
      ${visitsSql(organizationId, ask.current)} as visits,
      ${visitsSql(organizationId, ask.previous)} as visits_before,
      (select count(*)::int from class_sessions s
        where ${scheduledSql(organizationId, ask.weekSpan)}) as classes_week,
      coalesce(${nextSessionSql(organizationId, ask.now, ask.userId)},
               ${nextSessionSql(organizationId, ask.now)}) as next_session_id,
      (select count(distinct s.trainer_user_id)::int from class_sessions s
        join organization_users ou on ou.organization_id = s.organization_id and ou.user_id = s.trainer_user_id
        where ${scheduledSql(organizationId, ask.todaySpan)} and ou.role in (${staffRoles})) as on_duty_today,
      ${revenueFiguresSql(organizationId, ask.now)} as revenue`,
  );
  return summaryRow.parse(row);
}
