import { sql, type SQL } from 'drizzle-orm';

/**
 * Member status on many days in one pass over the studio's memberships
 * (docs/product/reports-and-analytics.md#members). The rules are report-rules.ts coversDay,
 * lastCoveredDay, pausedOn and memberStatusOn, as in membership-reports.queries.ts; the tests
 * compare the SQL with them on generated histories.
 *
 * Why bit masks: the asked days (chart points, month ends) are few and sorted, so the days a
 * membership covers, and the days a pause holds, are each one run of consecutive days of that
 * list. width_bucket finds the run's ends by binary search, and the run becomes a bigint with
 * one bit per asked day. A member's days are then bit_or of their memberships' masks: each
 * membership and pause row is read once, with no days × memberships join and no sort by member.
 */

/** Days per mask: bit 63 of a bigint is its sign, so at most 62 days (bits 0..61). */
export const MASK_DAYS = 62;

/** The distinct days, sorted, in chunks of at most MASK_DAYS (bit k of a chunk = its day k). */
export function maskChunks(days: readonly string[]): string[][] {
  const sorted = [...new Set(days)].sort();
  const chunks: string[][] = [];
  for (let i = 0; i < sorted.length; i += MASK_DAYS) chunks.push(sorted.slice(i, i + MASK_DAYS));
  return chunks;
}

/** Bit k as a SQL bigint (k is a computed index, never user text). */
export const bitSql = (k: number): SQL => sql.raw(`(1::bigint << ${k})`);

/** Days of the `mask_days.d` array strictly before `date`: its first bit on or after it. */
const before = (date: SQL): SQL => sql`width_bucket(${date} - 1, md.d)`;

/** The mask of the asked days from bit `lo` up to, not including, bit `hi` (empty if hi < lo). */
const runMask = (lo: SQL, hi: SQL): SQL =>
  sql`((1::bigint << greatest(${hi}, ${lo})) - (1::bigint << ${lo}))`;

/**
 * CTEs `mask_days(d)` (the sorted days as one date array) and `pause_masks(membership_id,
 * paused)`: the asked days on which each membership is paused (paused_on <= day < resumed_on).
 */
export const pauseMasksCte = (organizationId: string, days: readonly string[]): SQL => sql`
  mask_days as (select array[${sql.join(
    days.map((d) => sql`${d}::date`),
    sql`, `,
  )}]::date[] as d),
  pause_masks as (
    select mp.membership_id, bit_or(${runMask(
      before(sql`mp.paused_on`),
      sql`coalesce(${before(sql`mp.resumed_on`)}, ${days.length})`,
    )}) as paused
    from membership_pauses mp cross join mask_days md
    where mp.organization_id = ${organizationId}
    group by mp.membership_id
  )`;

/**
 * The asked days a membership row covers (start_date <= day <= last covered day), as a mask;
 * `lastDay` is null for an open-ended one. Needs `md` (mask_days) in scope.
 */
export const coveredMaskSql = (startDate: SQL, lastDay: SQL, dayCount: number): SQL =>
  runMask(before(startDate), sql`coalesce(width_bucket(${lastDay}, md.d), ${dayCount})`);

/**
 * A CTE list ending in `member_masks(member_id, first_start, covered, active, started)` for
 * `days` (sorted, distinct, at most MASK_DAYS), one row per member with an access membership
 * (add-ons excluded): bit k of `covered` when a membership covers day k, of `active` when one
 * covering it is not paused that day, of `started` when their first one started by then.
 * Active = active; Paused = covered and not active; Expired = started and not covered.
 */
export const memberMasksCte = (organizationId: string, days: readonly string[]): SQL => sql`
  ${pauseMasksCte(organizationId, days)},
  access_masks as (
    select m.id, m.member_id, m.start_date, ${coveredMaskSql(
      sql`m.start_date`,
      sql`coalesce(m.end_date, case when m.status in ('cancelled', 'expired') then m.start_date end)`,
      days.length,
    )} as covered
    from memberships m
    join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
    cross join mask_days md
    where m.organization_id = ${organizationId} and p.kind <> 'add_on'
  ),
  member_masks as (
    select x.member_id, x.first_start, x.covered, x.active,
      ${runMask(before(sql`x.first_start`), sql`${days.length}`)} as started
    from (
      select a.member_id, min(a.start_date) as first_start, bit_or(a.covered) as covered,
        bit_or(a.covered & ~coalesce(pm.paused, 0)) as active
      from access_masks a
      left join pause_masks pm on pm.membership_id = a.id
      group by a.member_id
    ) x cross join mask_days md
  )`;

/** Active, Paused and Expired counts per asked day: rows (day, active, paused, expired). */
export const memberStatusCountsSql = (organizationId: string, days: readonly string[]): SQL => {
  const counts = (mask: (bit: SQL) => SQL) =>
    sql`array[${sql.join(
      days.map((_, k) => sql`count(*) filter (where ${mask(bitSql(k))})::int`),
      sql`, `,
    )}]`;
  return sql`
    with ${memberMasksCte(organizationId, days)},
    c as (
      select ${counts((b) => sql`active & ${b} <> 0`)} as active,
        ${counts((b) => sql`covered & ${b} <> 0 and active & ${b} = 0`)} as paused,
        ${counts((b) => sql`started & ${b} <> 0 and covered & ${b} = 0`)} as expired
      from member_masks
    )
    select to_char(md.d[k], 'YYYY-MM-DD') as day, c.active[k] as active, c.paused[k] as paused,
      c.expired[k] as expired
    from mask_days md cross join c cross join generate_series(1, ${days.length}::int) k
    order by k`;
};

/**
 * `n` counts over `member_masks`, one per condition, as rows (k, n) for k = 1..count: a
 * select over a one-row array of counts, so the members are read once for all of them. Members
 * with the same masks and first start are one weighted row first: far fewer rows to test
 * against every condition.
 */
export const countsByIndexSql = (conditions: readonly SQL[]): SQL => sql`
  select k, (c.n)[k] as n
  from (select array[${sql.join(
    conditions.map((c) => sql`coalesce(sum(w) filter (where ${c}), 0)::int`),
    sql`, `,
  )}] as n from (
    select first_start, covered, active, started, count(*) as w
    from member_masks group by first_start, covered, active, started
  ) member_masks) c
  cross join generate_series(1, ${conditions.length}::int) k`;

/** The condition "bit `k` of mask column `column` is set". */
export const hasBit = (column: 'covered' | 'active' | 'started', k: number): SQL =>
  sql`${sql.raw(column)} & ${bitSql(k)} <> 0`;
