import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { bucketStartSql } from './report-buckets.sql.ts';
import { firstRow, rows } from '../../db/rows.ts';
import {
  lastDaySql,
  memberNameSql,
  orderBySql,
  originSql,
  type Sort,
} from './membership-reports.sql.ts';

/**
 * The list reports of the membership group (docs/product/reports-and-analytics.md#membership):
 * active credit packs, new memberships, expiring and lost members. Each page query carries its
 * total as count(*) over () on every row.
 */

// A list's cells are the report's own (its columns' keys), passed on as they come.
const pageRow = z
  .object({ total_rows: z.number() })
  .catchall(z.union([z.string(), z.number(), z.null()]));
type Row = z.output<typeof pageRow>;
const page = async (db: Db | Tx, query: SQL) => rows(db, pageRow, query);
const countRow = z.object({ count: z.number() });

// ----------------------------------------------------------------------------------------------
// Active credit packs (the present)

const packsWhere = (organizationId: string, today: string) => sql`
  m.organization_id = ${organizationId} and p.kind in ('class_pack', 'drop_in')
  and m.status = 'active' and m.start_date <= ${today}::date
  and (m.end_date is null or m.end_date >= ${today}::date) and m.credits_remaining > 0`;

export async function selectPackTotals(db: Db | Tx, organizationId: string, today: string) {
  const row = await firstRow(
    db,
    z.object({ packs: z.number(), credits: z.number() }),
    sql`
      select count(*)::int as packs, coalesce(sum(m.credits_remaining), 0)::int as credits
      from memberships m
      join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
      where ${packsWhere(organizationId, today)}`,
  );
  return { packs: Number(row?.packs ?? 0), credits: Number(row?.credits ?? 0) };
}

export function selectPacks(
  db: Db | Tx,
  q: { organizationId: string; today: string; timeZone: string; sort: Sort },
  offset: number,
  limit: number,
) {
  const order = orderBySql(
    {
      member: sql`lower(${memberNameSql('mb')})`,
      plan: sql`lower(p.name)`,
      credits: sql`m.credits_remaining`,
      soldOn: sql`m.created_at`,
      expiresOn: sql`m.end_date`,
    },
    q.sort,
    sql`m.id`,
  );
  return page(
    db,
    sql`
    select mb.id as "memberId", ${memberNameSql('mb')} as member, p.name as plan,
      m.credits_remaining as credits, p.credits as "ofTotal",
      to_char(m.created_at at time zone ${q.timeZone}, 'YYYY-MM-DD') as "soldOn",
      to_char(m.end_date, 'YYYY-MM-DD') as "expiresOn",
      count(*) over ()::int as total_rows
    from memberships m
    join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
    join members mb on mb.organization_id = m.organization_id and mb.id = m.member_id
    where ${packsWhere(q.organizationId, q.today)}
    order by ${order} offset ${offset} limit ${limit}`,
  );
}

// ----------------------------------------------------------------------------------------------
// New memberships: started in the period, by plan kinds (the tab)

export interface StartsQuery {
  organizationId: string;
  from: string;
  to: string;
  kinds: readonly string[];
}

const startsFrom = (q: StartsQuery) => sql`
  from memberships m
  join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
  join members mb on mb.organization_id = m.organization_id and mb.id = m.member_id
  where m.organization_id = ${q.organizationId}
    and m.start_date between ${q.from}::date and ${q.to}::date
    and p.kind in (${sql.join(
      q.kinds.map((k) => sql`${k}`),
      sql`, `,
    )})`;

/** Starts per chart bucket (its first day) and origin. */
export async function selectStartsByBucket(
  db: Db | Tx,
  q: StartsQuery & { bucket: 'day' | 'week' | 'month'; weekStartsOn: number },
) {
  return rows(
    db,
    z.object({ bucket: z.string(), origin: z.string(), count: z.number() }),
    sql`
      select ${bucketStartSql(q.bucket, sql`m.start_date`, q.weekStartsOn)}::text as bucket,
        ${originSql(q.organizationId)} as origin, count(*)::int as count
      ${startsFrom(q)}
      group by 1, 2`,
  );
}

export function selectStarts(db: Db | Tx, q: StartsQuery & { sort: Sort }, o: number, l: number) {
  const order = orderBySql(
    {
      member: sql`lower(member)`,
      plan: sql`lower(plan)`,
      start: sql`start`,
      price: sql`price`,
      origin: sql`origin`,
    },
    q.sort,
    sql`id`,
  );
  return page(
    db,
    sql`
    with starts as (
      select m.id, mb.id as "memberId", ${memberNameSql('mb')} as member, p.name as plan,
        m.start_date as start, m.price, ${originSql(q.organizationId)} as origin
      ${startsFrom(q)}
    )
    select id, "memberId", member, plan, to_char(start, 'YYYY-MM-DD') as start,
      price as price, origin, count(*) over ()::int as total_rows
    from starts
    order by ${order} offset ${o} limit ${l}`,
  );
}

// ----------------------------------------------------------------------------------------------
// Expiring members: access memberships whose last day is in the period, not followed on

export interface SpanQuery {
  organizationId: string;
  from: string;
  to: string;
  sort: Sort;
}

/**
 * Written as two ranges (an end date in the period, or a stopped open-ended one that started in
 * it) so the (organization_id, end_date) and (organization_id, start_date) indexes serve it.
 * The home's Expiring Memberships card counts the same rows for this month.
 */
export const expiringSql = (q: Omit<SpanQuery, 'sort'>) => sql`
  select m.id, m.member_id, p.name as plan, ${lastDaySql('m')} as last_day,
    case when m.cancel_at_period_end then 'Cancelled at period end'
      when m.status = 'cancelled' then 'Cancelled' else 'Ends' end as reason
  from memberships m
  join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
  where m.organization_id = ${q.organizationId} and p.kind <> 'add_on'
    and (m.end_date between ${q.from}::date and ${q.to}::date
      or (m.end_date is null and m.status in ('cancelled', 'expired')
        and m.start_date between ${q.from}::date and ${q.to}::date))
    and not exists (
      select 1 from memberships o
      join plans op on op.organization_id = o.organization_id and op.id = o.plan_id
      where o.organization_id = ${q.organizationId} and o.member_id = m.member_id
        and o.id <> m.id and op.kind <> 'add_on'
        and o.start_date <= ${lastDaySql('m')} + 1
        and (${lastDaySql('o')} is null or ${lastDaySql('o')} >= ${lastDaySql('m')} + 1))`;

export async function selectExpiringCount(db: Db | Tx, q: Omit<SpanQuery, 'sort'>) {
  const row = await firstRow(
    db,
    countRow,
    sql`select count(*)::int as count from (${expiringSql(q)}) e`,
  );
  return Number(row?.count ?? 0);
}

export function selectExpiring(db: Db | Tx, q: SpanQuery, offset: number, limit: number) {
  const order = orderBySql(
    {
      member: sql`lower(${memberNameSql('mb')})`,
      plan: sql`lower(e.plan)`,
      lastDay: sql`e.last_day`,
      reason: sql`e.reason`,
    },
    q.sort,
    sql`e.id`,
  );
  return page(
    db,
    sql`
    select mb.id as "memberId", ${memberNameSql('mb')} as member, e.plan,
      to_char(e.last_day, 'YYYY-MM-DD') as "lastDay", e.reason, mb.email, mb.phone,
      count(*) over ()::int as total_rows
    from (${expiringSql(q)}) e
    join members mb on mb.organization_id = ${q.organizationId} and mb.id = e.member_id
    order by ${order} offset ${offset} limit ${limit}`,
  );
}

// ----------------------------------------------------------------------------------------------
// Lost members: the last covered day (of all their access memberships) in the period, before today

/**
 * One row per member whose access memberships all ended, the last of them on a day from `from`
 * to `to` (the caller caps `to` before today), with that membership's plan.
 */
const lostSql = (q: Omit<SpanQuery, 'sort'>) => sql`
  select distinct on (m.member_id) m.member_id, p.name as plan, ${lastDaySql('m')} as last_day
  from memberships m
  join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
  where m.organization_id = ${q.organizationId} and p.kind <> 'add_on'
    and m.member_id in (
      select a.member_id from memberships a
      join plans ap on ap.organization_id = a.organization_id and ap.id = a.plan_id
      where a.organization_id = ${q.organizationId} and ap.kind <> 'add_on'
      group by a.member_id
      having bool_and(${lastDaySql('a')} is not null)
        and max(${lastDaySql('a')}) between ${q.from}::date and ${q.to}::date)
  order by m.member_id, ${lastDaySql('m')} desc, m.start_date desc, m.id desc`;

export async function selectLostCount(db: Db | Tx, q: Omit<SpanQuery, 'sort'>) {
  if (q.to < q.from) return 0;
  const row = await firstRow(
    db,
    countRow,
    sql`select count(*)::int as count from (${lostSql(q)}) l`,
  );
  return Number(row?.count ?? 0);
}

export function selectLost(
  db: Db | Tx,
  q: SpanQuery & { today: string; timeZone: string },
  offset: number,
  limit: number,
) {
  if (q.to < q.from) return Promise.resolve([] as Row[]);
  const order = orderBySql(
    {
      member: sql`lower(${memberNameSql('mb')})`,
      plan: sql`lower(l.plan)`,
      lastDay: sql`l.last_day`,
      lastVisit: sql`v.last_visit`,
      daysSinceVisit: sql`${q.today}::date - (v.last_visit at time zone ${q.timeZone})::date`,
    },
    q.sort,
    sql`l.member_id`,
  );
  return page(
    db,
    sql`
    select mb.id as "memberId", ${memberNameSql('mb')} as member, l.plan,
      to_char(l.last_day, 'YYYY-MM-DD') as "lastDay",
      to_char(v.last_visit at time zone ${q.timeZone}, 'YYYY-MM-DD') as "lastVisit",
      ${q.today}::date - (v.last_visit at time zone ${q.timeZone})::date as "daysSinceVisit",
      count(*) over ()::int as total_rows
    from (${lostSql(q)}) l
    join members mb on mb.organization_id = ${q.organizationId} and mb.id = l.member_id
    left join lateral (
      select max(visit_date) as last_visit from member_visits mv
      where mv.organization_id = ${q.organizationId} and mv.member_id = l.member_id
    ) v on true
    order by ${order} offset ${offset} limit ${limit}`,
  );
}
