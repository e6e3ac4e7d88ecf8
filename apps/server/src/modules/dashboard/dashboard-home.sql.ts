import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { revenueFiguresSchema, revenueFiguresSql } from '../../db/revenue-figures.sql.ts';
import type { Span } from './dashboard.queries.ts';

/**
 * The studio home's figures (docs/product/dashboards.md#studio-home) in ONE statement: each
 * figure is a scalar subquery over an index range, the same definitions as the builder queries
 * of dashboard-schedule.queries.ts (which the staff and plan dashboards still share). One round
 * trip instead of eleven: at 10 clients on a 2-core machine the round trips, not the reads,
 * were the cost (issue 31, bench:api).
 */

/** Scheduled sessions starting in the span (the alias `s`); literals, so any plan uses the index. */
export const scheduledSql = (organizationId: string, span: Span, s = 's') =>
  sql`${sql.raw(s)}.organization_id = ${organizationId} and ${sql.raw(s)}.status = 'scheduled'
    and ${sql.raw(s)}.starts_at >= ${span.start.toISOString()}::timestamptz
    and ${sql.raw(s)}.starts_at < ${span.end.toISOString()}::timestamptz`;

/** Booked and attended places in scheduled sessions starting in the span. */
export const bookedPlacesSql = (organizationId: string, span: Span): SQL => sql`(
  select count(*)::int from bookings b
  join class_sessions s on s.organization_id = b.organization_id and s.id = b.session_id
  where b.organization_id = ${organizationId} and b.status in ('booked', 'attended')
    and ${scheduledSql(organizationId, span)})`;

/** Ids of the scheduled sessions starting in the span, in start order, as a json array. */
export const sessionIdsSql = (organizationId: string, span: Span): SQL => sql`(
  select coalesce(json_agg(s.id order by s.starts_at, s.name, s.id), '[]'::json)
  from class_sessions s where ${scheduledSql(organizationId, span)})`;

const homeRow = z.object({
  time_zone: z.string().nullable(),
  locale: z.string().nullable(),
  booked_today: z.coerce.number(),
  booked_week: z.coerce.number(),
  capacity_week: z.coerce.number(),
  active_members: z.coerce.number(),
  newest: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      createdAt: z.string(),
    }),
  ),
  expiring: z.array(
    z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), endsOn: z.string() }),
  ),
  today_ids: z.array(z.string()),
  tomorrow_ids: z.array(z.string()),
  revenue: revenueFiguresSchema.nullable(),
});

export interface HomeAsk {
  todaySpan: Span;
  tomorrowSpan: Span;
  weekSpan: Span;
  /** Expiring Members: local dates, both included. */
  endsFrom: string;
  endsTo: string;
  limit: number;
  now: Date;
}

/**
 * Prepared once per connection (work.prepared): the statement plans in about four times as long
 * as it runs (1.0 ms against 0.24 ms on 200,000 members, warm), on every request of every
 * studio. Its generic plan reads the same indexes: the statuses are literals.
 */
export async function homeFigures(work: UnitOfWork, organizationId: string, ask: HomeAsk) {
  const [row] = await work.prepared(
    'dashboard_home',
    sql`select
      (select o.timezone from organizations o where o.id = ${organizationId}) as time_zone,
      (select o.locale from organizations o where o.id = ${organizationId}) as locale,
      ${bookedPlacesSql(organizationId, ask.todaySpan)} as booked_today,
      ${bookedPlacesSql(organizationId, ask.weekSpan)} as booked_week,
      (select coalesce(sum(s.capacity), 0)::bigint from class_sessions s
        where ${scheduledSql(organizationId, ask.weekSpan)}) as capacity_week,
      (select coalesce(sum(c.member_count) filter (where c.membership_status = 'active'), 0)::bigint
        from member_status_counts c where c.organization_id = ${organizationId}) as active_members,
      -- "desc nulls last" as members_org_created_idx is built: plain "desc" (nulls first)
      -- could not read it and sorted the whole studio (240 ms on 200,000 members).
      (select coalesce(json_agg(n order by n."createdAt" desc, n.id desc), '[]'::json) from (
        select m.id, m.first_name as "firstName", m.last_name as "lastName", m.created_at as "createdAt"
        from members m where m.organization_id = ${organizationId}
        order by m.created_at desc nulls last, m.id desc nulls last limit ${ask.limit}) n) as newest,
      (select coalesce(json_agg(e order by e."endsOn", e."lastName", e.id), '[]'::json) from (
        select m.id, m.first_name as "firstName", m.last_name as "lastName", m.membership_end_date as "endsOn"
        from members m
        where m.organization_id = ${organizationId} and m.membership_status = 'active'
          and m.membership_end_date >= ${ask.endsFrom}::date and m.membership_end_date <= ${ask.endsTo}::date
        order by m.membership_end_date, m.last_name, m.id limit ${ask.limit}) e) as expiring,
      ${sessionIdsSql(organizationId, ask.todaySpan)} as today_ids,
      ${sessionIdsSql(organizationId, ask.tomorrowSpan)} as tomorrow_ids,
      ${revenueFiguresSql(organizationId, ask.now)} as revenue`,
  );
  return homeRow.parse(row);
}
