import { sql, type SQL } from 'drizzle-orm';

/**
 * Member status on many days in one pass over the studio's member access spans
 * (docs/product/reports-and-analytics.md#members): drizzle/0030_member_access_spans.sql keeps,
 * per member, the runs of days their access memberships cover, the runs they are active (a
 * covering membership not paused), and the day they started, with the rules of report-rules.ts
 * (coversDay, lastCoveredDay, pausedOn, memberStatusOn); the tests compare this SQL with those
 * rules on generated histories.
 *
 * Why bit masks: the asked days (chart points, month ends) are few and sorted, so the days a
 * span holds are one run of consecutive days of that list. width_bucket finds the run's ends by
 * binary search, and the run becomes a bigint with one bit per asked day. A member's days are
 * then bit_or of their spans' masks: each span is read once, with no days × spans join.
 * Monthly recurring revenue still reads memberships (their prices), with pauseMasksCte and
 * coveredMaskSql.
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

/** A list of local days as a SQL date array. */
export const dayArraySql = (days: readonly string[]): SQL =>
  sql`array[${sql.join(
    days.map((d) => sql`${d}::date`),
    sql`, `,
  )}]::date[]`;

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
  mask_days as (select ${dayArraySql(days)} as d),
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

/** The mask of the asked days a `member_access_spans` row `s` holds ([lo, hi), hi null: open). */
const spanMaskSql = (dayCount: number): SQL =>
  runMask(before(sql`s.lo`), sql`coalesce(${before(sql`s.hi`)}, ${dayCount})`);

/**
 * A CTE list ending in `member_masks(member_id, first_start, covered, active, started)` for
 * `days` (sorted, distinct, at most MASK_DAYS), one row per member with an access membership
 * (add-ons excluded): bit k of `covered` when a membership covers day k, of `active` when one
 * covering it is not paused that day, of `started` when their first one started by then.
 * Active = active; Paused = covered and not active; Expired = started and not covered.
 * Read from the members' access spans (drizzle/0030_member_access_spans.sql), a few rows per
 * member kept by the database, not from every membership and pause.
 */
export const memberMasksCte = (organizationId: string, days: readonly string[]): SQL => sql`
  mask_days as (select ${dayArraySql(days)} as d),
  member_masks as (
    select s.member_id, min(s.lo) filter (where s.kind = 'started') as first_start,
      coalesce(bit_or(${spanMaskSql(days.length)}) filter (where s.kind = 'covered'), 0) as covered,
      coalesce(bit_or(${spanMaskSql(days.length)}) filter (where s.kind = 'active'), 0) as active,
      coalesce(bit_or(${spanMaskSql(days.length)}) filter (where s.kind = 'started'), 0) as started
    from member_access_spans s cross join mask_days md
    where s.organization_id = ${organizationId}
    group by s.member_id
  )`;

/**
 * Active, Paused and Expired counts per asked day: rows (day, active, paused, expired). A
 * member's spans of one kind never overlap, so the members Active on day k are the active spans
 * holding it: each span is first reduced to the asked days it holds, (a, b] with a = asked days
 * before its first day and b = asked days before its end, and equal ones are counted together.
 * Paused = covered - active; Expired = started - covered (each member's covered days lie in
 * their active-or-paused, started days).
 */
export const memberStatusCountsSql = (organizationId: string, days: readonly string[]): SQL => sql`
  with mask_days as (select ${dayArraySql(days)} as d),
  spans as (
    select s.kind, ${before(sql`s.lo`)} as a, coalesce(${before(sql`s.hi`)}, ${days.length}) as b,
      count(*)::int as n
    from member_access_spans s cross join mask_days md
    where s.organization_id = ${organizationId}
    group by 1, 2, 3
  ),
  c as (
    select k,
      coalesce(sum(n) filter (where kind = 'active'), 0)::int as active,
      coalesce(sum(n) filter (where kind = 'covered'), 0)::int as covered,
      coalesce(sum(n) filter (where kind = 'started'), 0)::int as started
    from generate_series(1, ${days.length}::int) k
    left join spans on spans.a < k and k <= spans.b
    group by k
  )
  select to_char(md.d[c.k], 'YYYY-MM-DD') as day, c.active, c.covered - c.active as paused,
    c.started - c.covered as expired
  from c cross join mask_days md
  order by c.k`;

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
