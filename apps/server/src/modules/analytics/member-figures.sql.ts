import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  bitSql,
  countsByIndexSql,
  coveredMaskSql,
  hasBit,
  MASK_DAYS,
  maskChunks,
  memberMasksCte,
  pauseMasksCte,
} from '../reports/member-history.service.ts';
import { z } from 'zod';
import { rows } from '../../db/rows.ts';

/**
 * Analytics' figures over member and membership history on many days
 * (docs/product/reports-and-analytics.md#analytics): member status, movement, retention and
 * cohorts, and monthly recurring revenue. Each is one pass over the studio's memberships with
 * the reports' day masks (reports/member-day-masks.sql.ts), not one subquery per day.
 */

/** The distinct days of a mask query, sorted: analytics asks a few month ends, never > 62. */
function maskDays(days: readonly string[]): string[] {
  const [chunk = [], ...more] = maskChunks(days);
  if (more.length > 0) throw new Error(`At most ${MASK_DAYS} days per member-mask query`);
  return chunk;
}

export interface MemberFiguresAsk {
  /** Days to count Active, Paused and Expired members on. */
  statusDays: readonly string[];
  /** Pairs of days: members active on `from`, on `to`, and on both (kept). */
  pairs: ReadonlyArray<{ from: string; to: string }>;
  /**
   * Cohorts by the month (YYYY-MM) of a member's first access membership (add-ons excluded):
   * each month's size, and how many of it are active on each check day (null: not asked).
   */
  cohorts?: ReadonlyArray<{ month: string; checkDays: ReadonlyArray<string | null> }>;
}

/**
 * Everything the member screens count per member, in one pass over the memberships
 * (reports/member-day-masks.sql.ts): each figure is one filtered count over the members'
 * day masks, so the same rules as the Members report and one round trip, not one per figure.
 */
export async function memberFigures(db: Db | Tx, organizationId: string, ask: MemberFiguresAsk) {
  const cohorts = ask.cohorts ?? [];
  const asked = [
    ...ask.statusDays,
    ...ask.pairs.flatMap((p) => [p.from, p.to]),
    ...cohorts.flatMap((c) => c.checkDays.filter((d): d is string => d !== null)),
  ];
  // The mask CTE needs one day at least; a figure never refers to this stand-in.
  const days = maskDays(asked.length > 0 ? asked : ['2000-01-01']);
  const conditions: SQL[] = [];
  const add = (condition: SQL) => conditions.push(condition) - 1;
  const on = (column: 'covered' | 'active' | 'started', day: string) =>
    hasBit(column, days.indexOf(day));
  const statuses = ask.statusDays.map((day) => ({
    day,
    active: add(on('active', day)),
    paused: add(sql`${on('covered', day)} and not (${on('active', day)})`),
    expired: add(sql`${on('started', day)} and not (${on('covered', day)})`),
  }));
  const pairs = ask.pairs.map((p) => ({
    at_from: add(on('active', p.from)),
    at_to: add(on('active', p.to)),
    kept: add(sql`${on('active', p.from)} and ${on('active', p.to)}`),
  }));
  const cohortIndexes = cohorts.map((c) => {
    const inMonth = sql`to_char(first_start, 'YYYY-MM') = ${c.month}`;
    return {
      size: add(inMonth),
      active: c.checkDays.map((day) =>
        day === null ? null : add(sql`${inMonth} and ${on('active', day)}`),
      ),
    };
  });
  const found =
    conditions.length === 0
      ? []
      : await rows(
          db,
          z.object({ k: z.number(), n: z.number() }),
          sql`with ${memberMasksCte(organizationId, days)} ${countsByIndexSql(conditions)}`,
        );
  const n = new Array<number>(conditions.length).fill(0);
  for (const r of found) n[Number(r.k) - 1] = Number(r.n);
  return {
    statuses: statuses.map((s) => ({
      day: s.day,
      active: n[s.active]!,
      paused: n[s.paused]!,
      expired: n[s.expired]!,
    })),
    pairs: pairs.map((p) => ({ at_from: n[p.at_from]!, at_to: n[p.at_to]!, kept: n[p.kept]! })),
    cohorts: cohortIndexes.map((c) => ({
      size: n[c.size]!,
      active: c.active.map((k) => (k === null ? null : n[k]!)),
    })),
  };
}

/**
 * Monthly recurring revenue on each of `days`: recurring memberships (plan kind membership)
 * covering the day and not paused, their price as a month (week × 52 ÷ 12, year ÷ 12). Covering
 * mirrors report-rules.ts coversDay/lastCoveredDay for one membership. Also, per consecutive
 * pair of days, the MRR of memberships new since the previous day and of those gone.
 */
export async function mrrOnDays(db: Db | Tx, organizationId: string, days: readonly string[]) {
  const sorted = maskDays(days);
  // Per membership, the asked days it counts on (covering, not paused) as one mask; then each
  // day's sums are filters over those rows: bit k set (on day k), and for k > 0 set on k but
  // not on k - 1 (new since the previous day) or the reverse (gone).
  const on = (k: number) => sql`on_days & ${bitSql(k)} <> 0`;
  const sum = (when: SQL) =>
    sql`fitbase_amount_text(coalesce(sum(monthly) filter (where ${when}), 0))`;
  const sums = (pick: (k: number) => SQL) =>
    sql`array[${sql.join(
      sorted.map((_, k) => pick(k)),
      sql`, `,
    )}]`;
  const none = sql`'0.00'`;
  const found = await rows(
    db,
    z.object({ day: z.string(), mrr: z.string(), added: z.string(), churned: z.string() }),
    sql`with ${pauseMasksCte(organizationId, sorted)},
      recurring as (
        select r.monthly, r.covered & ~coalesce(pm.paused, 0) as on_days
        from (
          select m.id, ${coveredMaskSql(
            sql`m.start_date`,
            sql`coalesce(m.end_date,
              case when m.status in ('cancelled', 'expired') then m.start_date end)`,
            sorted.length,
          )} as covered,
            case p.billing_interval when 'week' then m.price * 52 / 12
              when 'year' then m.price / 12 else m.price end as monthly
          from memberships m
          join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
          cross join mask_days md
          where m.organization_id = ${organizationId} and p.kind = 'membership'
        ) r
        left join pause_masks pm on pm.membership_id = r.id
      ),
      -- Memberships with the same days summed first: few distinct masks, so the per-day sums
      -- below read a few hundred rows, not every membership once per day (exact: numeric).
      by_mask as (select on_days, sum(monthly) as monthly from recurring group by on_days),
      c as (
        select ${sums((k) => sum(on(k)))} as mrr,
          ${sums((k) => (k === 0 ? none : sum(sql`${on(k)} and not (${on(k - 1)})`)))} as added,
          ${sums((k) => (k === 0 ? none : sum(sql`${on(k - 1)} and not (${on(k)})`)))} as churned
        from by_mask
      )
    select to_char(md.d[k], 'YYYY-MM-DD') as day, (c.mrr)[k] as mrr, (c.added)[k] as added,
      (c.churned)[k] as churned
    from mask_days md cross join c cross join generate_series(1, ${sorted.length}::int) k
    order by k`,
  );
  const byDay = new Map(found.map((r) => [r.day, r]));
  return days.map((day) => byDay.get(day)!);
}
