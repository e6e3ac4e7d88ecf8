import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { z } from 'zod';
import { rows } from '../../db/rows.ts';
import {
  countsByIndexSql,
  dayArraySql,
  hasBit,
  maskChunks,
  memberMasksCte,
  memberStatusCountsSql,
} from './member-day-masks.sql.ts';

/**
 * "Member status on day D" from the membership history, never from today's
 * members.membership_status (docs/product/reports-and-analytics.md#members). The SQL mirrors
 * the pure rules of packages/domain/src/report-rules.ts (lastCoveredDay, coversDay, pausedOn,
 * memberStatusOn), and membership-reports.test.ts compares the two on generated histories.
 *
 * Cost: status on a day is read from the members' access spans, which the database keeps from
 * memberships and pauses (drizzle/0030_member_access_spans.sql): a few rows per member, no join
 * of days with memberships. The lists (plans, origins) still read memberships, by member.
 */

/**
 * The studio's memberships that give access (add-ons excluded), with their last covered day:
 * the end date, or the start date for a stopped open-ended one, or null (still open).
 * Columns: id, member_id, plan_id, start_date, last_day.
 */
export const accessMembershipsSql = (organizationId: string): SQL => sql`
  select m.id, m.member_id, m.plan_id, m.start_date,
    coalesce(m.end_date,
      case when m.status in ('cancelled', 'expired') then m.start_date end) as last_day
  from memberships m
  join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
  where m.organization_id = ${organizationId} and p.kind <> 'add_on'`;

const memberStatusCountsRow = z.object({
  day: z.string(),
  active: z.number(),
  paused: z.number(),
  expired: z.number(),
});
export type MemberStatusCounts = z.output<typeof memberStatusCountsRow>;

export async function selectMemberStatusCounts(
  db: Db | Tx,
  organizationId: string,
  days: readonly string[],
): Promise<MemberStatusCounts[]> {
  const byDay = new Map<string, MemberStatusCounts>();
  // One query per MASK_DAYS distinct days (one in practice: a chart has at most 62 points).
  for (const chunk of maskChunks(days)) {
    const found = await rows(
      db,
      memberStatusCountsRow,
      memberStatusCountsSql(organizationId, chunk),
    );
    for (const r of found) byDay.set(r.day, r);
  }
  return days.map((day) => {
    const r = byDay.get(day);
    return {
      day,
      active: Number(r?.active ?? 0),
      paused: Number(r?.paused ?? 0),
      expired: Number(r?.expired ?? 0),
    };
  });
}

/**
 * A subquery selecting `member_id` of the members Active on `day` (a covering access membership
 * that is not paused that day): the member access spans holding the day, one at most per member
 * (drizzle/0030_member_access_spans.sql). Not parenthesised: write
 * sql`member_id in (${activeMemberIdsSql(org, day)})`.
 */
export const activeMemberIdsSql = (organizationId: string, day: string): SQL => sql`
  select s.member_id from member_access_spans s
  where s.organization_id = ${organizationId} and s.kind = 'active'
    and s.lo <= ${day}::date and (s.hi is null or s.hi > ${day}::date)`;

/** The last covered day of membership alias `m` (report-rules.ts lastCoveredDay). */
export const lastDaySql = (alias: string): SQL =>
  sql.raw(
    `coalesce(${alias}.end_date, case when ${alias}.status in ('cancelled', 'expired') then ${alias}.start_date end)`,
  );

/**
 * 'first_time' | 'returning' | 'continuing' for membership alias `m` (report-rules.ts
 * membershipOrigin): from the member's other memberships of every kind that started before it.
 */
export const originSql = (organizationId: string): SQL => sql`
  case
    when not exists (
      select 1 from memberships o
      where o.organization_id = ${organizationId} and o.member_id = m.member_id
        and o.start_date < m.start_date)
      then 'first_time'
    when exists (
      select 1 from memberships o
      where o.organization_id = ${organizationId} and o.member_id = m.member_id
        and o.start_date < m.start_date
        and (${lastDaySql('o')} is null or ${lastDaySql('o')} >= m.start_date - 1))
      then 'continuing'
    else 'returning'
  end`;

/** Every membership (all kinds) starting from `from` to `to` with its origin. */
export async function selectOriginsOfStarts(
  db: Db | Tx,
  organizationId: string,
  from: string,
  to: string,
): Promise<Array<{ id: string; origin: string }>> {
  return rows(
    db,
    z.object({ id: z.string(), origin: z.string() }),
    sql`
    select m.id, ${originSql(organizationId)} as origin
    from memberships m
    where m.organization_id = ${organizationId}
      and m.start_date between ${from}::date and ${to}::date`,
  );
}

export type Sort = { key: string; dir: 'asc' | 'desc' };
/** A whitelisted sort expression, its direction and a unique tiebreaker (never user text). */
export const orderBySql = (expressions: Record<string, SQL>, sort: Sort, tiebreak: SQL): SQL => {
  const dir = sql.raw(sort.dir === 'desc' ? 'desc' : 'asc');
  return sql`${expressions[sort.key]!} ${dir} nulls last, ${tiebreak} ${dir}`;
};
export const memberNameSql = (alias: string): SQL =>
  sql.raw(`(${alias}.first_name || ' ' || ${alias}.last_name)`);

/**
 * Net member movement between `startDay` and `endDay`: members Active on each, and who changed
 * (Added: not Active on the start, Active on the end; Lost: the reverse), from the member day
 * masks (one pass over the memberships, member-day-masks.sql.ts). Also defines `days`.
 */
const movementCte = (organizationId: string, startDay: string, endDay: string): SQL => {
  const days = maskChunks([startDay, endDay])[0]!;
  return sql`
  ${memberMasksCte(organizationId, days)},
  days as (select unnest(${dayArraySql(days)}) as day),
  moves as (
    select member_id, ${hasBit('active', days.indexOf(startDay))} as at_start,
      ${hasBit('active', days.indexOf(endDay))} as at_end
    from member_masks
  )`;
};

export interface MovementCounts {
  atStart: number;
  atEnd: number;
  added: number;
  lost: number;
}

/**
 * The net movement of each (from, to) pair of days, counted in one pass over the member day
 * masks (a period and the one before it: one read of the memberships, not one per period).
 */
export async function selectMovementCounts(
  db: Db | Tx,
  organizationId: string,
  pairs: ReadonlyArray<{ from: string; to: string }>,
): Promise<MovementCounts[]> {
  const [days = [], ...more] = maskChunks(pairs.flatMap((p) => [p.from, p.to]));
  if (more.length > 0 || days.length === 0)
    throw new Error('selectMovementCounts: 1 to 62 distinct days');
  const on = (day: string) => hasBit('active', days.indexOf(day));
  const conditions = pairs.flatMap((p) => [
    on(p.from),
    on(p.to),
    sql`${on(p.to)} and not (${on(p.from)})`,
    sql`${on(p.from)} and not (${on(p.to)})`,
  ]);
  const found = await rows(
    db,
    z.object({ k: z.number(), n: z.number() }),
    sql`with ${memberMasksCte(organizationId, days)} ${countsByIndexSql(conditions)}`,
  );
  const n = new Array<number>(conditions.length).fill(0);
  for (const r of found) n[Number(r.k) - 1] = Number(r.n);
  return pairs.map((_, i) => ({
    atStart: n[4 * i]!,
    atEnd: n[4 * i + 1]!,
    added: n[4 * i + 2]!,
    lost: n[4 * i + 3]!,
  }));
}

const movementRow = z.object({
  member_id: z.string(),
  member: z.string(),
  change: z.enum(['added', 'lost']),
  plan: z.string().nullable(),
  total_rows: z.number(),
});
export type MovementRow = z.output<typeof movementRow>;

/**
 * The members Added and Lost, with the plan that made the difference: for Added the latest
 * started membership active on the end day, for Lost the latest one active on the start day.
 */
export async function selectMovementPage(
  db: Db | Tx,
  organizationId: string,
  startDay: string,
  endDay: string,
  sort: Sort,
  offset: number,
  limit: number,
): Promise<MovementRow[]> {
  const order = orderBySql(
    { member: sql`lower(member)`, change: sql`change` },
    sort,
    sql`member_id`,
  );
  return rows(
    db,
    movementRow,
    sql`
      with ${movementCte(organizationId, startDay, endDay)},
      changed as (
        select mv.member_id, ${memberNameSql('mb')} as member,
          case when mv.at_end then 'added' else 'lost' end as change,
          (select p.name from (${activeMemberships(organizationId)}) a
            join plans p on p.organization_id = ${organizationId} and p.id = a.plan_id
            where a.member_id = mv.member_id
              and a.day = case when mv.at_end then ${endDay}::date else ${startDay}::date end
            order by a.start_date desc, a.id desc limit 1) as plan
        from moves mv
        join members mb on mb.organization_id = ${organizationId} and mb.id = mv.member_id
        where mv.at_start <> mv.at_end
      )
      select *, count(*) over ()::int as total_rows from changed
      order by ${order} offset ${offset} limit ${limit}`,
  );
}

/**
 * Needs the CTE `days`; each access membership active (covering, not paused) on each day:
 * columns day, id, member_id, plan_id, start_date.
 */
const activeMemberships = (organizationId: string): SQL => sql`
  select d.day, a.id, a.member_id, a.plan_id, a.start_date
  from days d
  join (${accessMembershipsSql(organizationId)}) a
    on a.start_date <= d.day and (a.last_day is null or a.last_day >= d.day)
  where not exists (
    select 1 from membership_pauses mp
    where mp.organization_id = ${organizationId} and mp.membership_id = a.id
      and mp.paused_on <= d.day and (mp.resumed_on is null or d.day < mp.resumed_on))`;
