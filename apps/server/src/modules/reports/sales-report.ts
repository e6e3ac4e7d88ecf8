import type { ReportColumn, ReportFigure } from '@fitbase/domain/contracts/reports';
import { bucketStarts } from '@fitbase/domain/report-rules';
import { formatMills, toSignedMills } from '@fitbase/domain/amounts';
import type { ReportContext, ReportHandler, ReportOverview } from './report-types.ts';
import {
  SALES_CATEGORIES,
  salesBreakdown,
  salesBreakdownCount,
  salesByBucket,
  salesSummary,
  type BreakdownRow,
  type BucketRow,
  type SalesCategory,
  type SummaryRow,
} from './sales-report.sql.ts';
import { taxByRate } from './tax-report.sql.ts';

/**
 * Sales (docs/product/reports-and-analytics.md#sales): paid minus refunded in the period, the
 * dashboard's Monthly Revenue definition, by category and by chart bucket (Overview) or by
 * plan, product, staff member and payment method (Breakdown).
 */

export const SALES_CATEGORY_LABELS: Record<SalesCategory, string> = {
  memberships: 'Memberships',
  packs: 'Class packs',
  drop_ins: 'Drop-ins',
  retail: 'Retail',
  fees: 'Fees',
};

function overviewColumns(): ReportColumn[] {
  return [
    { key: 'bucket', label: 'Period', kind: 'date', sortable: true },
    ...SALES_CATEGORIES.map((c) => ({
      key: c,
      label: SALES_CATEGORY_LABELS[c],
      kind: 'money' as const,
      sortable: true,
    })),
    { key: 'total', label: 'Total', kind: 'money', sortable: true },
  ];
}

const BREAKDOWN_COLUMNS: ReportColumn[] = [
  { key: 'dimension', label: 'By', kind: 'text', sortable: false },
  { key: 'name', label: 'Name', kind: 'text', sortable: true },
  { key: 'count', label: 'Payments', kind: 'integer', sortable: false },
  { key: 'amount', label: 'Amount', kind: 'money', sortable: true },
];

/**
 * The overview's buckets, kept for the same request's table page: loadReport asks for the
 * overview and then the first page with the same context, and both show the same buckets, so
 * the page need not read the period's ledger again. Keyed by the context object, so an export
 * (its own contexts) or a later request never sees them.
 */
const bucketsOf = new WeakMap<ReportContext, BucketRow[]>();

/** salesByBucket's order: by the key (amounts as numbers), ties by bucket, one direction. */
function sortBuckets(rows: BucketRow[], sort: ReportContext['sort']): BucketRow[] {
  const key = sort.key as keyof BucketRow;
  const sign = sort.dir === 'asc' ? 1 : -1;
  const byBucket = (a: BucketRow, b: BucketRow) =>
    a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0;
  const byKey =
    key === 'bucket' || !(key in (rows[0] ?? {}))
      ? () => 0
      : (a: BucketRow, b: BucketRow) => Number(a[key]) - Number(b[key]);
  return [...rows].sort((a, b) => sign * (byKey(a, b) || byBucket(a, b)));
}

/** The Breakdown tab's page, read with its figures by one statement (see breakdownWithSummary). */
const breakdownPageOf = new WeakMap<ReportContext, BreakdownRow[]>();

/**
 * The Breakdown tab's figures and its page in one read of the ledger: both periods' totals
 * ride on the page's rows. Null when there is no page window (an export) or the page is empty
 * (past the end): the figures are then read on their own.
 */
async function breakdownWithSummary(
  ctx: ReportContext,
): Promise<{ current: SummaryTotals; previous: SummaryTotals; points: BucketRow[] } | null> {
  const window = ctx.pageWindow;
  if (!window) return null;
  const rows = await salesBreakdown(ctx.db, {
    ...spanOf(ctx),
    sort: ctx.sort,
    ...window,
    previous: ctx.previous,
  });
  const summary = rows[0]?.summary;
  if (!summary) return null;
  breakdownPageOf.set(
    ctx,
    rows.map(({ summary: _s, ...row }) => row),
  );
  const totals = (isCurrent: boolean): SummaryTotals => {
    const { is_current: _c, ...row } = summary.find((r) => r.is_current === isCurrent)!;
    return row;
  };
  return { current: totals(true), previous: totals(false), points: [] };
}

type SummaryTotals = Omit<SummaryRow, 'is_current'>;

const spanOf = (ctx: ReportContext) => ({
  organizationId: ctx.organizationId,
  from: ctx.period.from,
  to: ctx.period.to,
  start: ctx.period.start,
  end: ctx.period.end,
});

export const salesReport: ReportHandler = {
  id: 'sales',
  columns: (tab) => (tab === 'breakdown' ? BREAKDOWN_COLUMNS : overviewColumns()),
  defaultSort: (tab) =>
    tab === 'breakdown' ? { key: 'amount', dir: 'desc' } : { key: 'bucket', dir: 'asc' },

  async overview(ctx): Promise<ReportOverview> {
    const combined = ctx.tab === 'breakdown' ? await breakdownWithSummary(ctx) : null;
    const { current, previous, points } =
      combined ??
      (await salesSummary(ctx.db, {
        organizationId: ctx.organizationId,
        current: ctx.period,
        previous: ctx.previous,
        buckets:
          ctx.tab === 'breakdown'
            ? null
            : {
                bucket: ctx.period.bucket,
                weekStartsOn: ctx.period.weekStartsOn,
                starts: bucketStarts(ctx.period),
              },
      }));
    if (ctx.tab !== 'breakdown') bucketsOf.set(ctx, points);
    // The tax inside these sales, both periods (the Tax report has it per rate): taxed rows only.
    const taxes = await taxByRate(ctx.db, {
      organizationId: ctx.organizationId,
      current: { start: ctx.period.start, end: ctx.period.end },
      previous: { start: ctx.previous.start, end: ctx.previous.end },
    });
    const taxOf = (current: boolean) =>
      formatMills(
        taxes
          .filter((r) => r.is_current === current)
          .reduce((sum, r) => sum + toSignedMills(r.tax), 0),
      );
    const figures: ReportFigure[] = [
      {
        key: 'total',
        label: 'Total sales',
        kind: 'money',
        value: current.total,
        previous: previous.total,
      },
      ...SALES_CATEGORIES.map((c) => ({
        key: c,
        label: SALES_CATEGORY_LABELS[c],
        kind: 'money' as const,
        value: current[c],
        previous: previous[c],
      })),
      { key: 'tax', label: 'Tax', kind: 'money', value: taxOf(true), previous: taxOf(false) },
    ];
    if (ctx.tab === 'breakdown') {
      return {
        figures,
        chart: null,
        totals: { dimension: null, name: null, count: current.charges, amount: current.total },
        notice: null,
      };
    }
    const { charges: _charges, ...totals } = current;
    return {
      figures,
      chart: {
        kind: 'stacked-bar',
        title: `Sales per ${ctx.period.bucket}`,
        xKey: 'bucket',
        xKind: 'date',
        unit: ctx.currency,
        series: SALES_CATEGORIES.map((c) => ({
          key: c,
          label: SALES_CATEGORY_LABELS[c],
          kind: 'money' as const,
        })),
        points: points.map(({ total: _t, ...point }) => point),
      },
      totals: { bucket: null, ...totals },
      notice: null,
    };
  },

  async page(ctx, offset, limit) {
    if (ctx.tab === 'breakdown') {
      const window = ctx.pageWindow;
      const known = breakdownPageOf.get(ctx);
      const rows =
        known && window?.offset === offset && window.limit === limit
          ? known
          : await salesBreakdown(ctx.db, { ...spanOf(ctx), sort: ctx.sort, limit, offset });
      const total =
        rows[0]?.total_rows ?? (offset > 0 ? await salesBreakdownCount(ctx.db, spanOf(ctx)) : 0);
      return { rows: rows.map(({ total_rows: _n, ...row }) => row), total };
    }
    const starts = bucketStarts(ctx.period);
    const known = bucketsOf.get(ctx);
    if (known)
      return {
        rows: sortBuckets(known, ctx.sort).slice(offset, offset + limit),
        total: starts.length,
      };
    const rows = await salesByBucket(ctx.db, {
      ...spanOf(ctx),
      bucket: ctx.period.bucket,
      weekStartsOn: ctx.period.weekStartsOn,
      starts,
      sort: ctx.sort,
      limit,
      offset,
    });
    return { rows, total: starts.length };
  },
};
