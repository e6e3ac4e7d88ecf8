import type { ReportColumn, ReportRow } from '@fitbase/domain/contracts/reports';
import { formatMills, toSignedMills } from '@fitbase/domain/amounts';
import type { ReportContext, ReportHandler } from './report-types.ts';
import { salesSummary } from './sales-report.sql.ts';
import { taxByRate, type TaxRateRow } from './tax-report.sql.ts';

/**
 * Tax (docs/product/reports-and-analytics.md#tax): collected per rate as charged, from the tax
 * lines each sale stored (docs/decisions/0041-tax-rounding.md), with one row for untaxed sales
 * so the gross column adds up to the Sales report's total for the same period.
 */

export const UNTAXED_LABEL = 'No tax';

const COLUMNS: ReportColumn[] = [
  { key: 'name', label: 'Rate', kind: 'text', sortable: true },
  { key: 'rate', label: 'Percent', kind: 'text', sortable: false },
  { key: 'inclusive', label: 'In the price', kind: 'text', sortable: false },
  { key: 'payments', label: 'Payments', kind: 'integer', sortable: true },
  { key: 'net', label: 'Net', kind: 'money', sortable: true },
  { key: 'tax', label: 'Tax', kind: 'money', sortable: true },
  { key: 'gross', label: 'Gross', kind: 'money', sortable: true },
];

/** "8.8750" → "8.875%". */
const percentOf = (rate: string) => `${rate.replace(/\.?0+$/, '')}%`;
const sum = (values: string[]) => formatMills(values.reduce((s, v) => s + toSignedMills(v), 0));

interface Computed {
  rows: ReportRow[];
  current: { net: string; tax: string; gross: string };
  previous: { tax: string };
}

/** One read of the taxed ledger rows and one of the sales summary, shared by overview and page. */
const computed = new WeakMap<ReportContext, Promise<Computed>>();

function compute(ctx: ReportContext): Promise<Computed> {
  const known = computed.get(ctx);
  if (known) return known;
  const run = (async () => {
    const span = (p: ReportContext['period']) => ({ start: p.start, end: p.end });
    const [rates, sales] = await Promise.all([
      taxByRate(ctx.db, {
        organizationId: ctx.organizationId,
        current: span(ctx.period),
        previous: span(ctx.previous),
      }),
      salesSummary(ctx.db, {
        organizationId: ctx.organizationId,
        current: ctx.period,
        previous: ctx.previous,
        buckets: null,
      }),
    ]);
    const current = rates.filter((r) => r.is_current);
    const previous = rates.filter((r) => !r.is_current);
    const rows: ReportRow[] = current.map((r: TaxRateRow) => ({
      name: r.name,
      rate: percentOf(r.rate),
      inclusive: r.inclusive ? 'Included' : 'Added',
      payments: r.payments,
      net: r.net,
      tax: r.tax,
      gross: r.gross,
    }));
    // What the Sales report counted that no rate taxed: its total less every rate's gross.
    const taxedGross = sum(current.map((r) => r.gross));
    const untaxed = formatMills(toSignedMills(sales.current.total) - toSignedMills(taxedGross));
    if (toSignedMills(untaxed) !== 0 || (rows.length === 0 && sales.current.charges > 0))
      rows.push({
        name: UNTAXED_LABEL,
        rate: '—',
        inclusive: '—',
        payments: null,
        net: untaxed,
        tax: '0.00',
        gross: untaxed,
      });
    const tax = sum(current.map((r) => r.tax));
    return {
      rows,
      current: {
        net: formatMills(toSignedMills(sales.current.total) - toSignedMills(tax)),
        tax,
        gross: sales.current.total,
      },
      previous: { tax: sum(previous.map((r) => r.tax)) },
    };
  })();
  computed.set(ctx, run);
  return run;
}

function sorted(rows: ReportRow[], sort: ReportContext['sort']): ReportRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    if (sort.key === 'name') return sign * String(x).localeCompare(String(y));
    return sign * (Number(x ?? 0) - Number(y ?? 0)) || String(a.name).localeCompare(String(b.name));
  });
}

export const taxReport: ReportHandler = {
  id: 'tax',
  columns: () => COLUMNS,
  defaultSort: () => ({ key: 'tax', dir: 'desc' }),
  async overview(ctx) {
    const c = await compute(ctx);
    return {
      figures: [
        {
          key: 'tax',
          label: 'Tax collected',
          kind: 'money',
          value: c.current.tax,
          previous: c.previous.tax,
        },
        { key: 'net', label: 'Net sales', kind: 'money', value: c.current.net },
        { key: 'gross', label: 'Total sales', kind: 'money', value: c.current.gross },
      ],
      chart: null,
      totals: c.rows.length
        ? { payments: null, net: c.current.net, tax: c.current.tax, gross: c.current.gross }
        : null,
      notice: null,
    };
  },
  async page(ctx, offset, limit) {
    const { rows } = await compute(ctx);
    return { rows: sorted(rows, ctx.sort).slice(offset, offset + limit), total: rows.length };
  },
};
