import type { ChartBucket } from '@fitbase/domain/report-rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { direction, instant, rowsOf, salesRows } from './revenue-sql.ts';

/** The Sales report's SQL (docs/product/reports-and-analytics.md#sales). */

export const SALES_CATEGORIES = ['memberships', 'packs', 'drop_ins', 'retail', 'fees'] as const;
export type SalesCategory = (typeof SALES_CATEGORIES)[number];

export type CategoryTotals = Record<SalesCategory | 'total', string>;

/** One column per category; `text` casts to exact decimal strings for the answer. */
const byCategory = (text: boolean) =>
  sql.raw(
    SALES_CATEGORIES.map(
      (c) =>
        `coalesce(sum(amount) filter (where category = '${c}'), 0)${text ? '::numeric(12,2)::text' : ''} as ${c}`,
    ).join(', '),
  );

export type BucketRow = CategoryTotals & { bucket: string };

/** One period's totals as the combined breakdown statement answers them. */
export type SummaryRow = CategoryTotals & { is_current: boolean; charges: number };

export interface SalesSummary {
  current: CategoryTotals & { charges: number };
  previous: CategoryTotals & { charges: number };
  /** Every chart bucket of the current period, oldest first ([] when none were asked). */
  points: BucketRow[];
}

const TOTAL_COLUMNS = [...SALES_CATEGORIES, 'total'] as const;
const decimalsOf = (expr: (c: string) => string) =>
  sql.raw(TOTAL_COLUMNS.map((c) => `${expr(c)}::numeric(12,2)::text as ${c}`).join(', '));

/**
 * The current and previous periods' sales by category and, when asked, the current period's
 * per chart bucket (local day, ISO week from Monday, or month), in ONE pass over the ledger:
 * each sale row costs a join to its membership and plan, so the overview reads them once
 * instead of once per figure. Buckets are computed for current rows only.
 */
export async function salesSummary(
  db: Db | Tx,
  q: {
    organizationId: string;
    current: { start: Date; end: Date };
    previous: { start: Date; end: Date };
    buckets: { timeZone: string; bucket: ChartBucket; starts: string[] } | null;
  },
): Promise<SalesSummary> {
  const { current: cur, previous: prev } = q;
  const inCurrent = sql`occurred_at >= ${instant(cur.start)} and occurred_at < ${instant(cur.end)}`;
  const inPrevious = sql`occurred_at >= ${instant(prev.start)} and occurred_at < ${instant(prev.end)}`;
  const bucketOf = q.buckets
    ? sql`case when ${inCurrent}
        then date_trunc(${q.buckets.bucket}, occurred_at at time zone ${q.buckets.timeZone})::date
      end`
    : sql`null::date`;
  const from = new Date(Math.min(cur.start.getTime(), prev.start.getTime()));
  const to = new Date(Math.max(cur.end.getTime(), prev.end.getTime()));
  const rows = await rowsOf<BucketRow & { is_current: boolean; charges: number }>(
    db,
    sql`with g as materialized (
      select ${inCurrent} as is_current, ${bucketOf} as bucket, ${byCategory(false)},
        sum(amount) as total, count(*) filter (where kind = 'charge') as charges
      from (${salesRows(q.organizationId, from, to)}) x
      where (${inCurrent}) or (${inPrevious})
      group by 1, 2
    )
    select k.is_current, null as bucket, ${decimalsOf((c) => `coalesce(sum(g.${c}), 0)`)},
      coalesce(sum(g.charges), 0)::int as charges
    from (values (true), (false)) k(is_current)
    left join g on g.is_current = k.is_current
    group by k.is_current
    union all
    select null, b.bucket::text, ${decimalsOf((c) => `coalesce(g.${c}, 0)`)}, 0
    from unnest(${`{${q.buckets?.starts.join(',') ?? ''}}`}::date[]) as b(bucket)
    left join g on g.is_current and g.bucket = b.bucket
    order by 2 asc nulls first`,
  );
  const totals = (isCurrent: boolean) => {
    const { is_current: _c, bucket: _b, ...row } = rows.find((r) => r.is_current === isCurrent)!;
    return row;
  };
  return {
    current: totals(true),
    previous: totals(false),
    points: rows
      .filter((r) => r.bucket !== null)
      .map(({ is_current: _c, charges: _n, ...point }) => point),
  };
}

const BUCKET_SORT: Record<string, string> = {
  bucket: 'b.bucket',
  total: 'coalesce(a.total, 0)',
  ...Object.fromEntries(SALES_CATEGORIES.map((c) => [c, `coalesce(a.${c}, 0)`])),
};

/**
 * Sales per chart bucket (local day, ISO week from Monday, or month) by category: every bucket
 * of the period, zero when nothing sold, in the asked order (all of them when limit is null).
 */
export async function salesByBucket(
  db: Db | Tx,
  q: {
    organizationId: string;
    start: Date;
    end: Date;
    timeZone: string;
    bucket: ChartBucket;
    starts: string[];
    sort: { key: string; dir: 'asc' | 'desc' };
    limit: number | null;
    offset: number;
  },
): Promise<BucketRow[]> {
  const order = sql.raw(BUCKET_SORT[q.sort.key] ?? 'b.bucket');
  const cols = sql.raw(
    [...SALES_CATEGORIES, 'total']
      .map((c) => `coalesce(a.${c}, 0)::numeric(12,2)::text as ${c}`)
      .join(', '),
  );
  const paging: SQL = q.limit === null ? sql`` : sql`limit ${q.limit} offset ${q.offset}`;
  return rowsOf<BucketRow>(
    db,
    sql`with a as (
      select date_trunc(${q.bucket}, occurred_at at time zone ${q.timeZone})::date as bucket,
        ${byCategory(false)}, sum(amount) as total
      from (${salesRows(q.organizationId, q.start, q.end)}) x
      group by 1
    )
    select b.bucket::text as bucket, ${cols}
    from unnest(${`{${q.starts.join(',')}}`}::date[]) as b(bucket)
    left join a on a.bucket = b.bucket
    order by ${order} ${direction(q.sort.dir)}, b.bucket ${direction(q.sort.dir)}
    ${paging}`,
  );
}

export interface BreakdownRow {
  dimension: string;
  name: string;
  count: number;
  amount: string;
  total_rows: number;
}

// Qualified: a bare name in ORDER BY would mean the output column (the text cast).
const BREAKDOWN_SORT: Record<string, string> = { amount: 'r.amount', name: 'lower(r.name)' };

/**
 * The sales of the period by plan, product, staff member and payment method; each dimension's
 * rows add up to the Sales total. Products: an order's paid charge counts at its lines' totals,
 * the order's discount as an "Order discounts" row, and refunds of orders as one "Store refunds"
 * row (a refund is an amount, not tied to lines); sales that are not store sales are one row.
 *
 * The ledger's rows are aggregated as they are read, into a few dozen groups, and never kept:
 * keeping a year or two of sales rows (as CTEs) and reading them again cost more than reading
 * them (a tuplestore spilled to disk at this size, then a second and third pass over it).
 */
export async function salesBreakdown(
  db: Db | Tx,
  q: {
    organizationId: string;
    start: Date;
    end: Date;
    sort: { key: string; dir: 'asc' | 'desc' };
    limit: number;
    offset: number;
    /**
     * With the period before: each row also carries `summary`, both periods' totals by
     * category (salesSummary's), from the same read of the ledger: the Breakdown tab then
     * reads it once, not once for its figures and again for its rows.
     */
    previous?: { start: Date; end: Date };
  },
): Promise<Array<BreakdownRow & { summary?: SummaryRow[] }>> {
  const org = q.organizationId;
  const order = sql.raw(BREAKDOWN_SORT[q.sort.key] ?? 'r.amount');
  const inCurrent = sql`occurred_at >= ${instant(q.start)} and occurred_at < ${instant(q.end)}`;
  const prev = q.previous;
  const from = prev ? new Date(Math.min(q.start.getTime(), prev.start.getTime())) : q.start;
  const to = prev ? new Date(Math.max(q.end.getTime(), prev.end.getTime())) : q.end;
  const inPeriods = prev
    ? sql`(${inCurrent}) or (occurred_at >= ${instant(prev.start)} and occurred_at < ${instant(prev.end)})`
    : sql`true`;
  const summary = prev
    ? sql`, (select json_agg(sm) from (
        select k.is_current, ${decimalsOf((c) => (c === 'total' ? 'coalesce(sum(b.amount), 0)' : `coalesce(sum(b.amount) filter (where b.category = '${c}'), 0)`))},
          coalesce(sum(b.charges), 0)::int as charges
        from (values (true), (false)) k(is_current)
        left join a b on b.is_current = k.is_current and not b.by_staff
        group by k.is_current) sm) as summary`
    : sql``;
  return rowsOf<BreakdownRow & { summary?: SummaryRow[] }>(
    db,
    sql`with a as materialized (
      -- Two grouping sets, both hashed in the one pass. All five keys in one set would be
      -- sorted instead: the planner multiplies its guesses of each key's values (staff ids
      -- without statistics count as 200), finds too many groups to hash and sorts every sale.
      -- category = 'retail' is exactly purpose = 'order' (salesRows).
      select ${inCurrent} as is_current, plan_id, plan_name, category, method, recorded_by,
        grouping(recorded_by) = 0 as by_staff,
        count(*) filter (where kind = 'charge') as charges, sum(amount) as amount,
        sum(amount) filter (where kind = 'refund') as refunds
      from (${salesRows(org, from, to)}) x
      where ${inPeriods}
      group by grouping sets ((1, plan_id, plan_name, category, method), (1, recorded_by))
    ),
    g as materialized (select * from a where is_current and not by_staff),
    -- Only the period's store charges need their lines, read on their own (the planner drops
    -- the plan joins they do not use): grouping the pass above by charge too would sort it.
    lines as (
      select s.id, ol.product_id, ol.product_name, ol.line_total
      from (${salesRows(org, q.start, q.end)}) s
      join order_lines ol on ol.organization_id = ${org} and ol.order_id = s.order_id
      where s.kind = 'charge' and s.purpose = 'order'
    ),
    r as (
      select 1 as rank, 'Plan' as dimension, coalesce(plan_id::text, '-') as key,
        coalesce(max(plan_name), 'Not a plan sale') as name, sum(charges)::int as count,
        sum(amount) as amount
      from g group by plan_id
      union all
      select 2, 'Product', product_id::text, max(product_name), count(distinct id)::int,
        sum(line_total)
      from lines group by product_id
      union all
      -- amount - refunds: the group's charges (a group holds both kinds).
      select 2, 'Product', 'discounts', 'Order discounts', 0,
        sum(amount - coalesce(refunds, 0)) - coalesce((select sum(line_total) from lines), 0)
      from g where category = 'retail' and charges > 0
      having sum(amount - coalesce(refunds, 0)) <> coalesce((select sum(line_total) from lines), 0)
      union all
      select 2, 'Product', 'refunds', 'Store refunds', 0, sum(refunds)
      from g where category = 'retail' having count(refunds) > 0
      union all
      select 2, 'Product', 'other', 'Not a store sale', sum(charges)::int, sum(amount)
      from g where category <> 'retail' having count(*) > 0
      union all
      select 3, 'Staff member', coalesce(a.recorded_by, '-'),
        coalesce(max(u.name), 'Online/automatic'), sum(a.charges)::int, sum(a.amount)
      from a left join users u on u.id = a.recorded_by
      where a.is_current and a.by_staff
      group by a.recorded_by
      union all
      select 4, 'Payment method', method,
        case method when 'card' then 'Card' when 'cash' then 'Cash' else 'Other' end,
        sum(charges)::int, sum(amount)
      from g group by method
    )
    select dimension, name, count, amount::numeric(12,2)::text as amount,
      (count(*) over ())::int as total_rows ${summary}
    from r
    order by r.rank, ${order} ${direction(q.sort.dir)}, r.key
    limit ${q.limit} offset ${q.offset}`,
  );
}

/** How many rows the breakdown has (for a page past its end). */
export async function salesBreakdownCount(
  db: Db | Tx,
  q: { organizationId: string; start: Date; end: Date },
): Promise<number> {
  const rows = await salesBreakdown(db, {
    ...q,
    sort: { key: 'amount', dir: 'desc' },
    limit: 1,
    offset: 0,
  });
  return rows[0]?.total_rows ?? 0;
}
