import type { ChartBucket } from '@fitbase/domain/report-rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { direction, moneySum, rowsOf, salesRows } from './revenue-sql.ts';

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

export async function salesByCategory(
  db: Db | Tx,
  organizationId: string,
  start: Date,
  end: Date,
): Promise<CategoryTotals & { charges: number }> {
  const [row] = await rowsOf<CategoryTotals & { charges: number }>(
    db,
    sql`select ${byCategory(true)}, ${moneySum(sql`amount`)} as total,
      (count(*) filter (where kind = 'charge'))::int as charges
    from (${salesRows(organizationId, start, end)}) x`,
  );
  return row!;
}

export type BucketRow = CategoryTotals & { bucket: string };

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
  },
): Promise<BreakdownRow[]> {
  const org = q.organizationId;
  const order = sql.raw(BREAKDOWN_SORT[q.sort.key] ?? 'r.amount');
  return rowsOf<BreakdownRow>(
    db,
    sql`with s as materialized (${salesRows(org, q.start, q.end)}),
    lines as (
      select s.id, ol.product_id, ol.product_name, ol.line_total
      from s join order_lines ol on ol.organization_id = ${org} and ol.order_id = s.order_id
      where s.kind = 'charge' and s.purpose = 'order'
    ),
    r as (
      select 1 as rank, 'Plan' as dimension, coalesce(plan_id::text, '-') as key,
        coalesce(max(plan_name), 'Not a plan sale') as name,
        (count(*) filter (where kind = 'charge'))::int as count, sum(amount) as amount
      from s group by plan_id
      union all
      select 2, 'Product', product_id::text, max(product_name), count(distinct id)::int,
        sum(line_total)
      from lines group by product_id
      union all
      select 2, 'Product', 'discounts', 'Order discounts', 0,
        sum(s.amount) - coalesce((select sum(line_total) from lines), 0)
      from s where s.kind = 'charge' and s.purpose = 'order'
      having sum(s.amount) <> coalesce((select sum(line_total) from lines), 0)
      union all
      select 2, 'Product', 'refunds', 'Store refunds', 0, sum(amount)
      from s where s.kind = 'refund' and s.purpose = 'order' having count(*) > 0
      union all
      select 2, 'Product', 'other', 'Not a store sale',
        (count(*) filter (where kind = 'charge'))::int, sum(amount)
      from s where s.purpose <> 'order' having count(*) > 0
      union all
      select 3, 'Staff member', coalesce(s.recorded_by, '-'),
        coalesce(max(u.name), 'Online/automatic'),
        (count(*) filter (where s.kind = 'charge'))::int, sum(s.amount)
      from s left join users u on u.id = s.recorded_by group by s.recorded_by
      union all
      select 4, 'Payment method', method,
        case method when 'card' then 'Card' when 'cash' then 'Cash' else 'Other' end,
        (count(*) filter (where kind = 'charge'))::int, sum(amount)
      from s group by method
    )
    select dimension, name, count, amount::numeric(12,2)::text as amount,
      (count(*) over ())::int as total_rows
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
