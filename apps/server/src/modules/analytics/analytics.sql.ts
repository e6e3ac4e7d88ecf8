import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow, rows } from '../../db/rows.ts';

/**
 * SQL of the analytics screens (docs/product/reports-and-analytics.md#analytics). Everything is
 * aggregated in the database, grouped in the studio's time zone (`at time zone`), and every
 * statement names the organization in its where (row-level security admits only its rows too).
 * Member status on a day is not defined here: it comes from the reports' member history
 * (reports/member-history.service.ts: its day masks, or the at-risk list's "active on day"
 * subquery), so analytics and reports count the same members.
 */

/** Distinct members with a visit in [start, end). */
export async function countMembersVisiting(
  db: Db | Tx,
  organizationId: string,
  start: Date,
  end: Date,
): Promise<number> {
  const row = await firstRow(
    db,
    z.object({ n: z.number() }),
    sql`select count(distinct member_id)::int as n from member_visits
      where organization_id = ${organizationId}
        and visit_date >= ${start.toISOString()} and visit_date < ${end.toISOString()}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The Sales report's categories (report-catalog.ts SALES_CATEGORIES), read from the daily sales
 * summary the reports read (drizzle/0028_sales_daily.sql decides each sale's category once: plan
 * kind membership, trial and add-on → memberships; class pack → packs; drop-in → drop-ins;
 * purpose order → retail; sign-up and other fees → fees; a refund in its charge's category).
 */
const revenueMonthRow = z.object({
  month: z.string(),
  total: z.string(),
  memberships: z.string(),
  packs: z.string(),
  drop_ins: z.string(),
  retail: z.string(),
  fees: z.string(),
});
export type RevenueMonthRow = z.output<typeof revenueMonthRow>;

/** Sales by local month of the days [from, to] (both included), from the daily summary. */
export async function revenueByMonth(
  db: Db | Tx,
  organizationId: string,
  from: string,
  to: string,
): Promise<RevenueMonthRow[]> {
  const amount = (category: string) =>
    sql`fitbase_amount_text(coalesce(sum(amount) filter (where category = ${category}), 0))`;
  return rows(
    db,
    revenueMonthRow,
    sql`select to_char(day, 'YYYY-MM') as month, fitbase_amount_text(coalesce(sum(amount), 0)) as total,
      ${amount('memberships')} as memberships, ${amount('packs')} as packs,
      ${amount('drop_ins')} as drop_ins, ${amount('retail')} as retail, ${amount('fees')} as fees
    from sales_daily
    where organization_id = ${organizationId} and day >= ${from}::date and day <= ${to}::date
    group by 1 order by 1`,
  );
}

/**
 * Visits in [start, end) by local ISO weekday (1 = Monday) and hour. The visits are first counted
 * per 15 minutes of UTC time, then each quarter hour is put in its local weekday and hour: every
 * time zone's offset today is a whole number of quarter hours, so a quarter hour never straddles
 * a local hour, and the zone conversion runs on a few thousand quarters, not on every visit.
 */
export async function attendanceByHour(
  db: Db | Tx,
  organizationId: string,
  timeZone: string,
  start: Date,
  end: Date,
) {
  return rows(
    db,
    z.object({ weekday: z.number(), hour: z.number(), visits: z.number() }),
    sql`select extract(isodow from local)::int as weekday, extract(hour from local)::int as hour,
        sum(n)::int as visits
      from (select quarter at time zone ${timeZone} as local, n from (
        select date_bin('15 minutes', visit_date, '2000-01-01 00:00:00+00') as quarter,
          count(*) as n
        from member_visits
        where organization_id = ${organizationId}
          and visit_date >= ${start.toISOString()} and visit_date < ${end.toISOString()}
        group by 1) q) v
      group by 1, 2 order by 1, 2`,
  );
}

/**
 * Class sessions (not appointments) that were not cancelled, starting in [start, end), grouped
 * by local week (Monday): places taken (booked, attended, no-show: class_sessions.booked_count)
 * and capacity.
 */
export async function utilisationByWeek(
  db: Db | Tx,
  organizationId: string,
  timeZone: string,
  start: Date,
  end: Date,
) {
  return rows(
    db,
    z.object({ week: z.string(), taken: z.number(), capacity: z.number() }),
    sql`select to_char(date_trunc('week', starts_at at time zone ${timeZone}), 'YYYY-MM-DD') as week,
        sum(booked_count)::int as taken, sum(capacity)::int as capacity
      from class_sessions
      where organization_id = ${organizationId} and kind = 'class' and status <> 'cancelled'
        and starts_at >= ${start.toISOString()} and starts_at < ${end.toISOString()}
      group by 1 order by 1`,
  );
}

const performanceRow = z.object({
  key: z.string().nullable(),
  name: z.string(),
  sessions: z.number(),
  taken: z.number(),
  capacity: z.number(),
  attended: z.number(),
});
export type PerformanceRow = z.output<typeof performanceRow>;

/** Per class (by its name) or per trainer: sessions, places taken, capacity, attended bookings. */
export async function performanceBy(
  db: Db | Tx,
  organizationId: string,
  by: 'class' | 'trainer',
  start: Date,
  end: Date,
): Promise<PerformanceRow[]> {
  const key = by === 'class' ? sql`s.name` : sql`s.trainer_user_id`;
  const name = by === 'class' ? sql`s.name` : sql`coalesce(min(u.name), 'No trainer')`;
  return rows(
    db,
    performanceRow,
    sql`select ${key} as key, ${name} as name, count(*)::int as sessions,
        sum(s.booked_count)::int as taken, sum(s.capacity)::int as capacity,
        coalesce(sum(a.attended), 0)::int as attended
      from class_sessions s
      left join users u on u.id = s.trainer_user_id
      left join lateral (
        select count(*) as attended from bookings b
        where b.organization_id = s.organization_id and b.session_id = s.id
          and b.status = 'attended'
      ) a on true
      where s.organization_id = ${organizationId} and s.kind = 'class' and s.status <> 'cancelled'
        and s.starts_at >= ${start.toISOString()} and s.starts_at < ${end.toISOString()}
      group by ${key} order by sessions desc, 2 asc limit 20`,
  );
}

/**
 * Members active on `today` with no visit since `since`; the longest absent first. One query:
 * the members with a recent visit come from one range scan of the visits, only the rest get
 * their last visit looked up, and the total rides along as a window count.
 */
export async function atRiskMembers(
  db: Db | Tx,
  organizationId: string,
  since: Date,
  activeToday: SQL,
  limit: number,
) {
  const list = await rows(
    db,
    z.object({
      id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      last_visit: z.string().nullable(),
      total: z.number(),
    }),
    sql`with recent as (
        select distinct member_id from member_visits
        where organization_id = ${organizationId} and visit_date >= ${since.toISOString()}
      )
      select m.id, m.first_name, m.last_name, lv.last_visit, count(*) over ()::int as total
      from members m
      left join lateral (
        select max(v.visit_date) as last_visit from member_visits v
        where v.organization_id = m.organization_id and v.member_id = m.id
      ) lv on true
      where m.organization_id = ${organizationId} and m.id in (${activeToday})
        and not exists (select 1 from recent r where r.member_id = m.id)
      order by lv.last_visit asc nulls first, m.last_name, m.first_name, m.id limit ${limit}`,
  );
  return { total: Number(list[0]?.total ?? 0), list };
}
