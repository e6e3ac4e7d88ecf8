import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * SQL of the analytics screens (docs/product/reports-and-analytics.md#analytics). Everything is
 * aggregated in the database, grouped in the studio's time zone (`at time zone`), and every
 * statement names the organization in its where (row-level security admits only its rows too).
 * Member status on a day is not defined here: callers pass the reports' "active on day" subquery
 * (reports/member-history.service.ts), so analytics and reports count the same members.
 */

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db | Tx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Distinct members with a visit in [start, end). */
export async function countMembersVisiting(
  db: Db | Tx,
  organizationId: string,
  start: Date,
  end: Date,
): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(distinct member_id)::int as n from member_visits
      where organization_id = ${organizationId}
        and visit_date >= ${start.toISOString()} and visit_date < ${end.toISOString()}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The Sales report's categories (report-catalog.ts SALES_CATEGORIES; the same mapping as
 * reports/revenue-reports): plan kind membership, trial and add-on → memberships; class pack →
 * packs; drop-in → drop-ins; purpose order → retail; sign-up and other fees → fees. A refund
 * counts in the category of the charge it corrects.
 */
export interface RevenueMonthRow {
  month: string;
  total: string;
  memberships: string;
  packs: string;
  drop_ins: string;
  retail: string;
  fees: string;
}

export async function revenueByMonth(
  db: Db | Tx,
  organizationId: string,
  timeZone: string,
  start: Date,
  end: Date,
): Promise<RevenueMonthRow[]> {
  const amount = (category: string) =>
    sql`coalesce(sum(e.amount) filter (where e.category = ${category}), 0)::numeric(12,2)::text`;
  return rows<RevenueMonthRow>(
    db,
    sql`with e as (
      select l.amount, to_char(l.occurred_at at time zone ${timeZone}, 'YYYY-MM') as month,
        case
          when c.purpose = 'order' then 'retail'
          when c.purpose in ('signup_fee', 'fee') then 'fees'
          when p.kind = 'class_pack' then 'packs'
          when p.kind = 'drop_in' then 'drop_ins'
          else 'memberships'
        end as category
      from ledger_entries l
      left join ledger_entries c
        on c.organization_id = l.organization_id and c.id = coalesce(l.corrects_id, l.id)
      left join memberships m
        on m.organization_id = c.organization_id and m.id = c.membership_id
      left join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
      where l.organization_id = ${organizationId}
        and l.kind in ('charge', 'refund') and l.status in ('paid', 'refunded')
        and l.occurred_at >= ${start.toISOString()} and l.occurred_at < ${end.toISOString()}
    )
    select month, coalesce(sum(amount), 0)::numeric(12,2)::text as total,
      ${amount('memberships')} as memberships, ${amount('packs')} as packs,
      ${amount('drop_ins')} as drop_ins, ${amount('retail')} as retail, ${amount('fees')} as fees
    from e group by month order by month`,
  );
}

/** Visits in [start, end) by local ISO weekday (1 = Monday) and hour. */
export async function attendanceByHour(
  db: Db | Tx,
  organizationId: string,
  timeZone: string,
  start: Date,
  end: Date,
) {
  return rows<{ weekday: number; hour: number; visits: number }>(
    db,
    sql`select extract(isodow from local)::int as weekday, extract(hour from local)::int as hour,
        count(*)::int as visits
      from (select visit_date at time zone ${timeZone} as local from member_visits
        where organization_id = ${organizationId}
          and visit_date >= ${start.toISOString()} and visit_date < ${end.toISOString()}) v
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
  return rows<{ week: string; taken: number; capacity: number }>(
    db,
    sql`select to_char(date_trunc('week', starts_at at time zone ${timeZone}), 'YYYY-MM-DD') as week,
        sum(booked_count)::int as taken, sum(capacity)::int as capacity
      from class_sessions
      where organization_id = ${organizationId} and kind = 'class' and status <> 'cancelled'
        and starts_at >= ${start.toISOString()} and starts_at < ${end.toISOString()}
      group by 1 order by 1`,
  );
}

export interface PerformanceRow {
  key: string | null;
  name: string;
  sessions: number;
  taken: number;
  capacity: number;
  attended: number;
}

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
  return rows<PerformanceRow>(
    db,
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
 * One CTE `active(day, member_id)`: the members active on each of `days`, from the reports'
 * "active on day" subquery (one per day; the days are few: month starts and ends).
 */
export const activeOnDaysCte = (days: readonly string[], activeOn: (day: string) => SQL): SQL =>
  sql`active as materialized (${sql.join(
    days.map((d) => sql`select ${d}::date as day, x.member_id from (${activeOn(d)}) x`),
    sql` union all `,
  )})`;

/** How many members active on `from` are active on `to`, for each pair (hash joins, no loops). */
export async function stillActive(
  db: Db | Tx,
  pairs: ReadonlyArray<{ from: string; to: string }>,
  activeOn: (day: string) => SQL,
) {
  const days = [...new Set(pairs.flatMap((p) => [p.from, p.to]))];
  return rows<{ from_day: string; to_day: string; at_from: number; at_to: number; kept: number }>(
    db,
    sql`with ${activeOnDaysCte(days, activeOn)},
      pairs(ord, from_day, to_day) as (values ${sql.join(
        pairs.map((p, i) => sql`(${i}::int, ${p.from}::date, ${p.to}::date)`),
        sql`, `,
      )}),
      per_day as (select day, count(*)::int as n from active group by day),
      kept as (
        select p.ord, count(*)::int as n from pairs p
        join active a on a.day = p.from_day
        join active b on b.day = p.to_day and b.member_id = a.member_id
        group by p.ord
      )
    select to_char(p.from_day, 'YYYY-MM-DD') as from_day, to_char(p.to_day, 'YYYY-MM-DD') as to_day,
      coalesce(f.n, 0) as at_from, coalesce(t.n, 0) as at_to, coalesce(k.n, 0) as kept
    from pairs p
    left join per_day f on f.day = p.from_day
    left join per_day t on t.day = p.to_day
    left join kept k on k.ord = p.ord
    order by p.ord`,
  );
}

/**
 * Cohorts: members by the local month of their first membership that gives access (add-ons
 * excluded) since `fromMonth`: each cohort's size, and how many of it are active on each of
 * `checkDays`.
 */
export async function cohortCounts(
  db: Db | Tx,
  organizationId: string,
  fromMonth: string,
  checkDays: readonly string[],
  activeOn: (day: string) => SQL,
) {
  const firsts = sql`firsts as (
    select m.member_id, to_char(min(m.start_date), 'YYYY-MM') as month
    from memberships m
    join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
    where m.organization_id = ${organizationId} and p.kind <> 'add_on'
    group by m.member_id
    having min(m.start_date) >= ${`${fromMonth}-01`}::date
  )`;
  const sizes = await rows<{ month: string; size: number }>(
    db,
    sql`with ${firsts} select month, count(*)::int as size from firsts group by month`,
  );
  const active =
    checkDays.length === 0
      ? []
      : await rows<{ month: string; day: string; n: number }>(
          db,
          sql`with ${firsts}, ${activeOnDaysCte(checkDays, activeOn)}
          select f.month, to_char(a.day, 'YYYY-MM-DD') as day, count(*)::int as n
          from active a join firsts f on f.member_id = a.member_id
          group by f.month, a.day`,
        );
  return { sizes, active };
}

/** Members active on `today` with no visit since `since`; the longest absent first. */
export async function atRiskMembers(
  db: Db | Tx,
  organizationId: string,
  since: Date,
  activeToday: SQL,
  limit: number,
) {
  const base = sql`from members m
    left join lateral (
      select max(v.visit_date) as last_visit from member_visits v
      where v.organization_id = m.organization_id and v.member_id = m.id
    ) lv on true
    where m.organization_id = ${organizationId} and m.id in (${activeToday})
      and (lv.last_visit is null or lv.last_visit < ${since.toISOString()})`;
  const [total] = await rows<{ n: number }>(db, sql`select count(*)::int as n ${base}`);
  const list = await rows<{
    id: string;
    first_name: string;
    last_name: string;
    last_visit: string | Date | null;
  }>(
    db,
    sql`select m.id, m.first_name, m.last_name, lv.last_visit ${base}
      order by lv.last_visit asc nulls first, m.last_name, m.first_name, m.id limit ${limit}`,
  );
  return { total: Number(total?.n ?? 0), list };
}

/**
 * Monthly recurring revenue on each of `days`: recurring memberships (plan kind membership)
 * covering the day and not paused, their price as a month (week × 52 ÷ 12, year ÷ 12). Covering
 * mirrors report-rules.ts coversDay/lastCoveredDay for one membership. Also, per consecutive
 * pair of days, the MRR of memberships new since the previous day and of those gone.
 */
export async function mrrOnDays(db: Db | Tx, organizationId: string, days: readonly string[]) {
  return rows<{ day: string; mrr: string; added: string; churned: string }>(
    db,
    sql`with days as (
        select d::date as day, lag(d::date) over (order by d) as prev
        from unnest(${sql`array[${sql.join(
          days.map((d) => sql`${d}`),
          sql`, `,
        )}]::date[]`}) d
      ),
      recurring as (
        select m.id, m.start_date,
          coalesce(m.end_date, case when m.status in ('cancelled', 'expired') then m.start_date end)
            as last_day,
          case p.billing_interval when 'week' then m.price * 52 / 12
            when 'year' then m.price / 12 else m.price end as monthly
        from memberships m
        join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
        where m.organization_id = ${organizationId} and p.kind = 'membership'
      ),
      on_day as (
        select d.day, r.id, r.monthly from days d
        join recurring r on r.start_date <= d.day and (r.last_day is null or r.last_day >= d.day)
        where not exists (
          select 1 from membership_pauses mp
          where mp.organization_id = ${organizationId} and mp.membership_id = r.id
            and mp.paused_on <= d.day and (mp.resumed_on is null or d.day < mp.resumed_on))
      )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce((select sum(o.monthly) from on_day o where o.day = d.day), 0)::numeric(12,2)::text
        as mrr,
      coalesce((select sum(o.monthly) from on_day o where o.day = d.day and d.prev is not null
        and not exists (select 1 from on_day q where q.day = d.prev and q.id = o.id)), 0)
        ::numeric(12,2)::text as added,
      coalesce((select sum(q.monthly) from on_day q where q.day = d.prev
        and not exists (select 1 from on_day o where o.day = d.day and o.id = q.id)), 0)
        ::numeric(12,2)::text as churned
    from days d order by d.day`,
  );
}
