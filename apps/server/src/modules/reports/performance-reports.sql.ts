import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { PeriodSpan } from './report-types.ts';

/**
 * SQL of the performance reports (docs/product/reports-and-analytics.md#performance): trainer
 * insights (the period's payroll) and class performance. Both start from the studio's
 * non-cancelled sessions that started in the period (index class_sessions (organization_id,
 * starts_at)), each with its counter row of bookings by status (session_booking_counts).
 */

/** `asc`/`desc` from the checked sort direction (never user text). */
export const dirSql = (dir: 'asc' | 'desc'): SQL => sql.raw(dir === 'desc' ? 'desc' : 'asc');

/** The whitelisted SQL expression of a sort key (the service already checked the key). */
export function sortExpr(map: Record<string, string>, key: string, fallback: string): SQL {
  return sql.raw(map[key] ?? map[fallback]!);
}

export const instant = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

type Sort = { key: string; dir: 'asc' | 'desc' };

/** A row's 1-based position in the table's order (see `pagePos`). */
export interface PagePos {
  page_pos: number;
}

/** The period's sessions (alias cs), cancelled excluded, narrowed by `where`. */
const inPeriod = (organizationId: string, span: PeriodSpan, where: SQL) => sql`
      cs.organization_id = ${organizationId}
      and cs.starts_at >= ${instant(span.start)} and cs.starts_at < ${instant(span.end)}
      and cs.status <> 'cancelled' ${where}`;

/**
 * CTE `s`: the sessions of `inPeriod`, each with its bookings counted by status (the counter
 * row of migration 0029, kept by the bookings' triggers; zeros for a session never booked):
 * attended (checked in), no_shows, taken (places held: booked, checked in or no-show),
 * waitlisted (ever on the waitlist) and late_cancels.
 */
function sessionsCte(organizationId: string, span: PeriodSpan, where: SQL): SQL {
  return sql`
  s as (
    select cs.id, cs.class_id, cs.trainer_user_id, cs.kind, cs.capacity, cs.starts_at, cs.ends_at,
      coalesce(sb.attended, 0) as attended, coalesce(sb.no_shows, 0) as no_shows,
      coalesce(sb.taken, 0) as taken, coalesce(sb.waitlisted, 0) as waitlisted,
      coalesce(sb.late_cancels, 0) as late_cancels
    from class_sessions cs
    left join session_booking_counts sb
      on sb.organization_id = ${organizationId} and sb.session_id = cs.id
    where ${inPeriod(organizationId, span, where)}
  )`;
}

/** Fill rate as a percent with one decimal, null without capacity. */
const fillRate = (taken: string, capacity: string) =>
  `case when ${capacity} > 0 then round(${taken} * 100.0 / ${capacity}, 1) end`;

// ---------------------------------------------------------------------------------------------
// Trainer insights

/**
 * CTE list ending in `named`: one row per trainer who had a session in the period, with its
 * pay. Each session is paid by the trainer's rate whose effective date is the latest on or
 * before the session's local day: per class → the amount; per hour → amount × the session's
 * length in hours, rounded to cents once per session; per attendee → amount × checked in.
 * A session without a rate has pay null and counts in `unrated`.
 */
function trainerCtes(organizationId: string, timeZone: string, span: PeriodSpan): SQL {
  return sql`
  ${sessionsCte(organizationId, span, sql`and cs.trainer_user_id is not null`)},
  p as (
    select s.trainer_user_id, s.kind, s.capacity, s.attended, s.no_shows, s.taken,
      r.kind as rate_kind,
      case r.kind
        when 'per_class' then r.amount
        when 'per_hour' then
          round(r.amount * extract(epoch from (s.ends_at - s.starts_at)) / 3600, 2)
        when 'per_attendee' then r.amount * s.attended
      end as pay
    from s
    left join lateral (
      select pr.kind, pr.amount
      from pay_rates pr
      where pr.organization_id = ${organizationId} and pr.staff_user_id = s.trainer_user_id
        and pr.effective_from <= (s.starts_at at time zone ${timeZone})::date
      order by pr.effective_from desc
      limit 1
    ) r on true
  ),
  t as (
    select p.trainer_user_id,
      count(*) filter (where p.kind <> 'appointment')::int as classes,
      count(*) filter (where p.kind = 'appointment')::int as appointments,
      sum(p.attended)::int as attended, sum(p.no_shows)::int as no_shows,
      sum(p.taken)::int as taken, sum(p.capacity)::int as capacity,
      sum(p.pay) as pay, count(*) filter (where p.rate_kind is null)::int as unrated
    from p
    group by p.trainer_user_id
  ),
  named as (
    select t.*,
      coalesce(nullif(trim(ou.display_name), ''), u.name, 'Former staff') as trainer,
      ${sql.raw(fillRate('t.taken', 't.capacity'))} as fill_rate
    from t
    left join users u on u.id = t.trainer_user_id
    left join organization_users ou
      on ou.organization_id = ${organizationId} and ou.user_id = t.trainer_user_id
  )`;
}

export interface TrainerRow {
  trainer_user_id: string;
  trainer: string;
  classes: number;
  appointments: number;
  attended: number;
  no_shows: number;
  taken: number;
  capacity: number;
  fill_rate: string | null;
  pay: string | null;
  unrated: number;
}

const TRAINER_SORT: Record<string, string> = {
  trainer: 'lower(trainer)',
  classes: 'classes',
  appointments: 'appointments',
  attended: 'attended',
  noShows: 'no_shows',
  placesTaken: 'taken',
  capacity: 'capacity',
  fillRate: 'fill_rate',
  pay: 'pay',
};

/** Whole-period sums over every row, added in SQL (window sums) next to each row. */
export interface Totals {
  sum_sessions: number;
  sum_attended: number;
  sum_no_shows: number;
  sum_taken: number;
  sum_capacity: number;
  sum_fill_rate: string | null;
}

/** The columns of `Totals` and `PagePos` (the rows of trainerAll and classAll). */
const totalsAndPos = {
  sum_sessions: z.number(),
  sum_attended: z.number(),
  sum_no_shows: z.number(),
  sum_taken: z.number(),
  sum_capacity: z.number(),
  sum_fill_rate: z.string().nullable(),
  page_pos: z.number(),
};

const trainerAllRow = z.object({
  trainer_user_id: z.string(),
  trainer: z.string(),
  classes: z.number(),
  appointments: z.number(),
  attended: z.number(),
  no_shows: z.number(),
  taken: z.number(),
  capacity: z.number(),
  fill_rate: z.string().nullable(),
  pay: z.string().nullable(),
  unrated: z.number(),
  ...totalsAndPos,
  sum_classes: z.number(),
  sum_appointments: z.number(),
  sum_pay: z.string().nullable(),
  sum_unrated: z.number(),
});

/**
 * The table's position of a row (1, 2, …) in the asked order, ties by `id`. A studio has tens
 * of trainers or classes (docs/product/reports-and-analytics.md#performance), so the report
 * reads the period once per request and takes its page from these rows, instead of
 * aggregating the bookings again for the page.
 */
function pagePos(map: Record<string, string>, fallback: string, sort: Sort, id: string): SQL {
  return sql`row_number() over (order by ${sortExpr(map, sort.key, fallback)} ${dirSql(sort.dir)}
    nulls last, ${sql.raw(id)})::int as page_pos`;
}

/**
 * Every trainer of the period (a studio has tens: the chart), by pay then name, each row
 * carrying the period's totals (the figures and the footer) and its place in the table.
 */
export async function trainerAll(
  db: Db | Tx,
  organizationId: string,
  timeZone: string,
  span: PeriodSpan,
  sort: Sort,
): Promise<
  Array<
    TrainerRow &
      Totals &
      PagePos & {
        sum_classes: number;
        sum_appointments: number;
        sum_pay: string | null;
        sum_unrated: number;
      }
  >
> {
  return rows(
    db,
    trainerAllRow,
    sql`with ${trainerCtes(organizationId, timeZone, span)},
    w as (
      select named.*,
        sum(classes + appointments) over ()::int as sum_sessions,
        sum(classes) over ()::int as sum_classes,
        sum(appointments) over ()::int as sum_appointments,
        sum(attended) over ()::int as sum_attended,
        sum(no_shows) over ()::int as sum_no_shows,
        sum(taken) over ()::int as sum_taken,
        sum(capacity) over ()::int as sum_capacity,
        sum(pay) over () as sum_pay,
        sum(unrated) over ()::int as sum_unrated,
        ${pagePos(TRAINER_SORT, 'trainer', sort, 'trainer_user_id')}
      from named
    )
    select w.*, ${sql.raw(fillRate('sum_taken', 'sum_capacity'))} as sum_fill_rate
    from w order by pay desc nulls last, lower(trainer), trainer_user_id`,
  );
}

// ---------------------------------------------------------------------------------------------
// Class performance

/** CTE list ending in `c`: one row per class (schedule_classes) with sessions in the period. */
function classCtes(organizationId: string, span: PeriodSpan): SQL {
  return sql`
  ${sessionsCte(organizationId, span, sql`and cs.class_id is not null and cs.kind <> 'appointment'`)},
  g as (
    select s.class_id, count(*)::int as sessions,
      sum(s.attended)::int as attended, sum(s.taken)::int as taken,
      sum(s.capacity)::int as capacity, sum(s.waitlisted)::int as waitlisted,
      sum(s.late_cancels)::int as late_cancels, sum(s.no_shows)::int as no_shows
    from s
    group by s.class_id
  ),
  c as (
    select g.*, sc.name as class_name,
      round(g.attended::numeric / g.sessions, 1) as avg_attendance,
      ${sql.raw(fillRate('g.taken', 'g.capacity'))} as fill_rate
    from g
    join schedule_classes sc on sc.organization_id = ${organizationId} and sc.id = g.class_id
  )`;
}

export interface ClassRow {
  class_id: string;
  class_name: string;
  sessions: number;
  attended: number;
  taken: number;
  capacity: number;
  avg_attendance: string;
  fill_rate: string | null;
  waitlisted: number;
  late_cancels: number;
  no_shows: number;
}

const classAllRow = z.object({
  class_id: z.string(),
  class_name: z.string(),
  sessions: z.number(),
  attended: z.number(),
  taken: z.number(),
  capacity: z.number(),
  avg_attendance: z.string(),
  fill_rate: z.string().nullable(),
  waitlisted: z.number(),
  late_cancels: z.number(),
  no_shows: z.number(),
  ...totalsAndPos,
  sum_waitlisted: z.number(),
  sum_late_cancels: z.number(),
});

const CLASS_SORT: Record<string, string> = {
  class: 'lower(class_name)',
  sessions: 'sessions',
  avgAttendance: 'avg_attendance',
  fillRate: 'fill_rate',
  waitlisted: 'waitlisted',
  lateCancels: 'late_cancels',
  noShows: 'no_shows',
};

/**
 * Every class of the period (the chart), by fill rate then name, with the period's totals and
 * each row's place in the table.
 */
export async function classAll(
  db: Db | Tx,
  organizationId: string,
  span: PeriodSpan,
  sort: Sort,
): Promise<
  Array<ClassRow & Totals & PagePos & { sum_waitlisted: number; sum_late_cancels: number }>
> {
  return rows(
    db,
    classAllRow,
    sql`with ${classCtes(organizationId, span)},
    w as (
      select c.*,
        sum(sessions) over ()::int as sum_sessions,
        sum(attended) over ()::int as sum_attended,
        sum(no_shows) over ()::int as sum_no_shows,
        sum(taken) over ()::int as sum_taken,
        sum(capacity) over ()::int as sum_capacity,
        sum(waitlisted) over ()::int as sum_waitlisted,
        sum(late_cancels) over ()::int as sum_late_cancels,
        ${pagePos(CLASS_SORT, 'class', sort, 'class_id')}
      from c
    )
    select w.*, ${sql.raw(fillRate('sum_taken', 'sum_capacity'))} as sum_fill_rate
    from w order by fill_rate desc nulls last, lower(class_name), class_id`,
  );
}
