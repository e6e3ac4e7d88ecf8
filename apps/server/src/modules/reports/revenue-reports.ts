import type { ReportColumn } from '@fitbase/domain/contracts/reports';
import { SCHEDULED_WINDOW_DAYS } from '@fitbase/domain/report-catalog';
import { addDays } from '@fitbase/domain/recurrence';
import type { ReportContext, ReportHandler } from './report-types.ts';
import {
  failedCount,
  failedPayments,
  failedTotals,
  payouts,
  payoutTotals,
  scheduled,
  scheduledByDay,
  scheduledTotals,
} from './revenue-reports.sql.ts';
import { salesReport } from './sales-report.ts';
import { giftCardsReport } from './gift-cards-report.ts';
import { taxReport } from './tax-report.ts';
import { transactionsReport } from './transactions-report.ts';

/** The revenue group (docs/product/reports-and-analytics.md#revenue). */

const spanOf = (ctx: ReportContext) => ({
  organizationId: ctx.organizationId,
  start: ctx.period.start,
  end: ctx.period.end,
});

const daysOf = (ctx: ReportContext) => ({
  organizationId: ctx.organizationId,
  from: ctx.period.from,
  to: ctx.period.to,
});

const withoutCount = <T extends { total_rows: number }>({ total_rows: _n, ...row }: T) => row;

/**
 * A page of a windowed query (count(*) over ()): the count rides on each row, so a page past the
 * end asks again from the start for it.
 */
async function paged<T extends { total_rows: number }>(
  run: (offset: number, limit: number) => Promise<T[]>,
  offset: number,
  limit: number,
) {
  const rows = await run(offset, limit);
  const total = rows[0]?.total_rows ?? (offset > 0 ? ((await run(0, 1))[0]?.total_rows ?? 0) : 0);
  return { rows: rows.map(withoutCount), total };
}

export const PAYOUTS_DEMO_NOTICE =
  'The built-in payment provider is a demo: these payouts are simulated and no money moves.';
export const PAYOUTS_EMPTY_NOTICE =
  'No card payments in this period. Payouts appear with card payments; cash and other payments recorded by staff have none.';

const PAYOUT_COLUMNS: ReportColumn[] = [
  { key: 'day', label: 'Payments of', kind: 'date', sortable: true },
  { key: 'arrives', label: 'Arrives', kind: 'date', sortable: true },
  { key: 'payments', label: 'Card payments', kind: 'integer', sortable: false },
  { key: 'charges', label: 'Charged', kind: 'money', sortable: false },
  { key: 'refunds', label: 'Refunded', kind: 'money', sortable: false },
  { key: 'amount', label: 'Payout', kind: 'money', sortable: true },
  { key: 'provider', label: 'Provider', kind: 'text', sortable: false },
];

const payoutsReport: ReportHandler = {
  id: 'payouts',
  columns: () => PAYOUT_COLUMNS,
  defaultSort: () => ({ key: 'day', dir: 'desc' }),
  async overview(ctx) {
    const t = await payoutTotals(ctx.db, daysOf(ctx));
    return {
      figures: [
        { key: 'amount', label: 'Total payouts', kind: 'money', value: t.amount },
        { key: 'payouts', label: 'Payouts', kind: 'integer', value: t.days },
        { key: 'payments', label: 'Card payments', kind: 'integer', value: t.payments },
      ],
      chart: null,
      totals: t.days
        ? { payments: t.payments, charges: t.charges, refunds: t.refunds, amount: t.amount }
        : null,
      notice: t.days ? PAYOUTS_DEMO_NOTICE : PAYOUTS_EMPTY_NOTICE,
    };
  },
  async page(ctx, offset, limit) {
    const run = (o: number, l: number) =>
      payouts(ctx.db, {
        ...daysOf(ctx),
        sort: ctx.sort,
        limit: l,
        offset: o,
      });
    const { rows, total } = await paged(run, offset, limit);
    return { rows: rows.map((r) => ({ ...r, provider: 'demo' })), total };
  },
};

const FAILED_COLUMNS: ReportColumn[] = [
  { key: 'occurredAt', label: 'Date', kind: 'datetime', sortable: true },
  { key: 'member', label: 'Member', kind: 'text', sortable: true },
  { key: 'item', label: 'Item', kind: 'text', sortable: false },
  { key: 'amount', label: 'Amount', kind: 'money', sortable: true },
  { key: 'attempt', label: 'Attempt', kind: 'integer', sortable: false },
  { key: 'failure', label: 'Reason', kind: 'text', sortable: false },
  { key: 'state', label: 'Now', kind: 'status', sortable: false },
];

const failedPaymentsReport: ReportHandler = {
  id: 'failed-payments',
  columns: () => FAILED_COLUMNS,
  defaultSort: () => ({ key: 'occurredAt', dir: 'desc' }),
  async overview(ctx) {
    const t = await failedTotals(ctx.db, spanOf(ctx));
    return {
      figures: [
        { key: 'count', label: 'Failed attempts', kind: 'integer', value: t.count },
        { key: 'failed', label: 'Failed amount', kind: 'money', value: t.failed },
        { key: 'recovered', label: 'Recovered', kind: 'money', value: t.recovered },
        { key: 'writtenOff', label: 'Written off', kind: 'money', value: t.written },
      ],
      chart: null,
      totals: t.count ? { amount: t.failed } : null,
      notice: null,
    };
  },
  async page(ctx, offset, limit) {
    const rows = await failedPayments(ctx.db, { ...spanOf(ctx), sort: ctx.sort, limit, offset });
    return { rows, total: await failedCount(ctx.db, spanOf(ctx)) };
  },
};

const SCHEDULED_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Due', kind: 'date', sortable: true },
  { key: 'member', label: 'Member', kind: 'text', sortable: true },
  { key: 'item', label: 'Item', kind: 'text', sortable: false },
  { key: 'type', label: 'Type', kind: 'text', sortable: false },
  { key: 'amount', label: 'Amount', kind: 'money', sortable: true },
];

/** The scheduled window ignores the period: today and the next 30 days, studio time. */
const windowOf = (ctx: ReportContext) => ({
  organizationId: ctx.organizationId,
  from: ctx.today,
  to: addDays(ctx.today, SCHEDULED_WINDOW_DAYS - 1),
});

const scheduledReport: ReportHandler = {
  id: 'scheduled',
  columns: () => SCHEDULED_COLUMNS,
  defaultSort: () => ({ key: 'date', dir: 'asc' }),
  async overview(ctx) {
    const days = await scheduledByDay(ctx.db, windowOf(ctx));
    const { count, amount: total } = await scheduledTotals(ctx.db, windowOf(ctx));
    return {
      figures: [
        { key: 'count', label: 'Charges due', kind: 'integer', value: count },
        { key: 'amount', label: 'Total due', kind: 'money', value: total },
      ],
      chart: {
        kind: 'bar',
        title: 'Due per day',
        xKey: 'date',
        xKind: 'date',
        unit: ctx.currency,
        series: [{ key: 'amount', label: 'Due', kind: 'money' }],
        points: days.map((d) => ({ date: d.date, amount: d.amount })),
      },
      totals: count ? { amount: total } : null,
      notice: null,
    };
  },
  page: (ctx, offset, limit) =>
    paged(
      (o, l) => scheduled(ctx.db, { ...windowOf(ctx), sort: ctx.sort, limit: l, offset: o }),
      offset,
      limit,
    ),
};

export const revenueReports: ReportHandler[] = [
  salesReport,
  payoutsReport,
  failedPaymentsReport,
  transactionsReport,
  taxReport,
  giftCardsReport,
  scheduledReport,
];
