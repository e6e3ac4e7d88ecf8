import type { ChartBucket } from '@fitbase/domain/report-rules';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow, rows } from '../../db/rows.ts';
import { isSale } from '../../db/ledger-sale.ts';
import { bucketStartSql } from './report-buckets.sql.ts';
import { direction, instant } from './revenue.sql.ts';

/**
 * The Sales report's SQL (docs/product/reports-and-analytics.md#sales). Totals come from
 * sales_daily (drizzle/0028_sales_daily.sql): the studio's sales summed per local day, category,
 * plan, payment method and staff member, kept by the ledger's own triggers in the same
 * transaction as every ledger write. A year is a few thousand of its rows instead of every sale
 * joined to its membership and plan; report periods are whole local days, so the days answer
 * them exactly.
 */

/** Local days, both included (a period's `from` and `to`). */
export interface DaySpan {
  from: string;
  to: string;
}

const inDays = (d: DaySpan) => sql`day >= ${d.from}::date and day <= ${d.to}::date`;

/** The summary's rows of the studio in the given spans (its own organization in the where). */
const summaryOf = (organizationId: string, spans: DaySpan[]) =>
  sql`(select * from sales_daily where organization_id = ${organizationId}
    and (${sql.join(
      spans.map((d) => sql`(${inDays(d)})`),
      sql` or `,
    )}))`;

export const SALES_CATEGORIES = ['memberships', 'packs', 'drop_ins', 'retail', 'fees'] as const;
export type SalesCategory = (typeof SALES_CATEGORIES)[number];

export type CategoryTotals = Record<SalesCategory | 'total', string>;

/** One column per category; `text` casts to exact decimal strings for the answer. */
const byCategory = (text: boolean) =>
  sql.raw(
    SALES_CATEGORIES.map(
      (c) =>
        `${text ? 'fitbase_amount_text(' : ''}coalesce(sum(amount) filter (where category = '${c}'), 0)${text ? ')' : ''} as ${c}`,
    ).join(', '),
  );

export type BucketRow = CategoryTotals & { bucket: string };

/** One period's totals as the combined breakdown statement answers them. */
export type SummaryRow = CategoryTotals & { is_current: boolean; charges: number };

/** The columns of `CategoryTotals`: exact decimal strings. */
const categoryColumns = {
  memberships: z.string(),
  packs: z.string(),
  drop_ins: z.string(),
  retail: z.string(),
  fees: z.string(),
  total: z.string(),
} satisfies Record<SalesCategory | 'total', z.ZodString>;

const bucketRow = z.object({ bucket: z.string(), ...categoryColumns });
const summaryRow = z.object({ is_current: z.boolean(), charges: z.number(), ...categoryColumns });

export interface SalesSummary {
  current: CategoryTotals & { charges: number };
  previous: CategoryTotals & { charges: number };
  /** Every chart bucket of the current period, oldest first ([] when none were asked). */
  points: BucketRow[];
}

const TOTAL_COLUMNS = [...SALES_CATEGORIES, 'total'] as const;
const decimalsOf = (expr: (c: string) => string) =>
  sql.raw(TOTAL_COLUMNS.map((c) => `fitbase_amount_text(${expr(c)}) as ${c}`).join(', '));

/**
 * The current and previous periods' sales by category and, when asked, the current period's
 * per chart bucket (local day, ISO week from Monday, or month), in one read of the summary.
 */
export async function salesSummary(
  db: Db | Tx,
  q: {
    organizationId: string;
    current: DaySpan;
    previous: DaySpan;
    buckets: { bucket: ChartBucket; weekStartsOn: number; starts: string[] } | null;
  },
): Promise<SalesSummary> {
  const { current: cur, previous: prev } = q;
  const bucketOf = q.buckets
    ? sql`case when ${inDays(cur)} then ${bucketStartSql(q.buckets.bucket, sql`day`, q.buckets.weekStartsOn)} end`
    : sql`null::date`;
  const found = await rows(
    db,
    // A period's totals (bucket null) or a bucket of the current one (is_current null).
    z.object({
      is_current: z.boolean().nullable(),
      bucket: z.string().nullable(),
      charges: z.number(),
      ...categoryColumns,
    }),
    sql`with g as materialized (
      select ${inDays(cur)} as is_current, ${bucketOf} as bucket, ${byCategory(false)},
        sum(amount) as total, sum(charges) as charges
      from ${summaryOf(q.organizationId, [cur, prev])} x
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
    const { is_current: _c, bucket: _b, ...row } = found.find((r) => r.is_current === isCurrent)!;
    return row;
  };
  return {
    current: totals(true),
    previous: totals(false),
    points: found.flatMap(({ is_current: _c, charges: _n, bucket, ...sums }) =>
      bucket === null ? [] : [{ bucket, ...sums }],
    ),
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
    from: string;
    to: string;
    bucket: ChartBucket;
    weekStartsOn: number;
    starts: string[];
    sort: { key: string; dir: 'asc' | 'desc' };
    limit: number | null;
    offset: number;
  },
): Promise<BucketRow[]> {
  const order = sql.raw(BUCKET_SORT[q.sort.key] ?? 'b.bucket');
  const cols = sql.raw(
    [...SALES_CATEGORIES, 'total']
      .map((c) => `fitbase_amount_text(coalesce(a.${c}, 0)) as ${c}`)
      .join(', '),
  );
  const paging: SQL = q.limit === null ? sql`` : sql`limit ${q.limit} offset ${q.offset}`;
  return rows(
    db,
    bucketRow,
    sql`with a as (
      select ${bucketStartSql(q.bucket, sql`day`, q.weekStartsOn)} as bucket,
        ${byCategory(false)}, sum(amount) as total
      from ${summaryOf(q.organizationId, [q])} x
      group by 1
    )
    select b.bucket::text as bucket, ${cols}
    from unnest(${`{${q.starts.join(',')}}`}::date[]) as b(bucket)
    left join a on a.bucket = b.bucket
    order by ${order} ${direction(q.sort.dir)}, b.bucket ${direction(q.sort.dir)}
    ${paging}`,
  );
}

const breakdownRow = z.object({
  dimension: z.string(),
  name: z.string(),
  count: z.number(),
  amount: z.string(),
  total_rows: z.number(),
});
export type BreakdownRow = z.output<typeof breakdownRow>;

// Qualified: a bare name in ORDER BY would mean the output column (the text cast).
const BREAKDOWN_SORT: Record<string, string> = { amount: 'r.amount', name: 'lower(r.name)' };

/**
 * The sales of the period by plan, product, staff member and payment method; each dimension's
 * rows add up to the Sales total. Products: an order's paid charge counts at its lines' totals,
 * the order's discount as an "Order discounts" row, and refunds of orders as one "Store refunds"
 * row (a refund is an amount, not tied to lines); sales that are not store sales are one row.
 *
 * The plan, staff and method rows are the summary's; the product rows read the period's store
 * charges (by a partial index of the ledger) and their order lines.
 */
export async function salesBreakdown(
  db: Db | Tx,
  q: {
    organizationId: string;
    /** The period as local days (the summary's) and as instants (its store charges'). */
    from: string;
    to: string;
    start: Date;
    end: Date;
    sort: { key: string; dir: 'asc' | 'desc' };
    limit: number;
    offset: number;
    /**
     * With the period before: each row also carries `summary`, both periods' totals by
     * category (salesSummary's), from the same statement: the Breakdown tab then reads its
     * figures and its rows at once.
     */
    previous?: DaySpan;
  },
): Promise<Array<BreakdownRow & { summary?: SummaryRow[] }>> {
  const org = q.organizationId;
  const order = sql.raw(BREAKDOWN_SORT[q.sort.key] ?? 'r.amount');
  const prev = q.previous;
  const summary = prev
    ? sql`, (select json_agg(sm) from (
        select k.is_current, ${decimalsOf((c) => (c === 'total' ? 'coalesce(sum(b.amount), 0)' : `coalesce(sum(b.amount) filter (where b.category = '${c}'), 0)`))},
          coalesce(sum(b.charges), 0)::int as charges
        from (values (true), (false)) k(is_current)
        left join a b on b.is_current = k.is_current and not b.by_staff
        group by k.is_current) sm) as summary`
    : sql``;
  return rows(
    db,
    breakdownRow.extend({ summary: z.array(summaryRow).optional() }),
    sql`with a as materialized (
      -- category = 'retail' is exactly purpose = 'order' (the ledger's sales_category).
      select ${inDays(q)} as is_current, plan_id, category, method, recorded_by,
        grouping(recorded_by) = 0 as by_staff,
        sum(charges) as charges, sum(amount) as amount, sum(refunds) as refunds
      from ${summaryOf(org, prev ? [q, prev] : [q])} x
      group by grouping sets ((1, plan_id, category, method), (1, recorded_by))
      -- Deltas not yet merged can cancel out: a group of nothing is no row.
      having sum(charges) <> 0 or sum(amount) <> 0 or sum(refunds) <> 0
    ),
    g as materialized (select * from a where is_current and not by_staff),
    -- The period's store charges come off their partial index alone (charge id and order
    -- included: ledger_entries_org_store_sales_id_idx), then their lines by a hash join.
    lines as (
      select le.id, ol.product_id, ol.product_name, ol.line_total
      from ledger_entries le
      join order_lines ol on ol.organization_id = ${org} and ol.order_id = le.order_id
      where le.organization_id = ${org} and le.kind = 'charge' and le.purpose = 'order'
        and ${isSale('le')}
        and le.occurred_at >= ${instant(q.start)} and le.occurred_at < ${instant(q.end)}
    ),
    r as (
      select 1 as rank, 'Plan' as dimension, coalesce(g.plan_id::text, '-') as key,
        coalesce(max(pl.name), 'Not a plan sale') as name, sum(g.charges)::int as count,
        sum(g.amount) as amount
      from g left join plans pl on pl.organization_id = ${org} and pl.id = g.plan_id
      group by g.plan_id
      union all
      select 2, 'Product', product_id::text, max(product_name), count(distinct id)::int,
        sum(line_total)
      from lines group by product_id
      union all
      -- amount - refunds: the group's charges (a group holds both kinds).
      select 2, 'Product', 'discounts', 'Order discounts', 0,
        sum(amount - refunds) - coalesce((select sum(line_total) from lines), 0)
      from g where category = 'retail' and charges > 0
      having sum(amount - refunds) <> coalesce((select sum(line_total) from lines), 0)
      union all
      select 2, 'Product', 'refunds', 'Store refunds', 0, sum(refunds)
      from g where category = 'retail' having sum(refunds) <> 0
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
    select dimension, name, count, fitbase_amount_text(amount) as amount,
      (count(*) over ())::int as total_rows ${summary}
    from r
    order by r.rank, ${order} ${direction(q.sort.dir)}, r.key
    limit ${q.limit} offset ${q.offset}`,
  );
}

/** How many rows the breakdown has (for a page past its end). */
export async function salesBreakdownCount(
  db: Db | Tx,
  q: { organizationId: string; from: string; to: string; start: Date; end: Date },
): Promise<number> {
  const rows = await salesBreakdown(db, {
    ...q,
    sort: { key: 'amount', dir: 'desc' },
    limit: 1,
    offset: 0,
  });
  return rows[0]?.total_rows ?? 0;
}

/** Merges sales_daily's deltas into one row per day and key; answers the rows it merged. */
export async function compactSalesSummary(db: Db): Promise<number> {
  const row = await firstRow(
    db,
    z.object({ merged: z.number() }),
    sql`select fitbase_compact_sales_daily() as merged`,
  );
  return row?.merged ?? 0;
}
