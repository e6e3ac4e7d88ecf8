import type { ReportColumn, ReportRow } from '@fitbase/domain/contracts/reports';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import { giftCardsInPeriod, type GiftCardReportRow } from './gift-cards-report.sql.ts';
import type { ReportContext, ReportHandler } from './report-types.ts';

/**
 * Gift cards (docs/product/reports-and-analytics.md#gift-cards): what the studio owes its card
 * holders at the end of the period (the liability), and what was sold, redeemed, put back and
 * refunded to the buyer during it, card by card.
 */

const COLUMNS: ReportColumn[] = [
  { key: 'card', label: 'Card', kind: 'text', sortable: false },
  { key: 'soldOn', label: 'Sold on', kind: 'date', sortable: true },
  { key: 'recipient', label: 'Recipient', kind: 'text', sortable: true },
  { key: 'sold', label: 'Sold', kind: 'money', sortable: true },
  { key: 'redeemed', label: 'Redeemed', kind: 'money', sortable: true },
  { key: 'refunded', label: 'Put back', kind: 'money', sortable: true },
  { key: 'returned', label: 'Refunded to buyer', kind: 'money', sortable: true },
  { key: 'balance', label: 'Balance at end', kind: 'money', sortable: true },
];

const sum = (values: string[]) => formatMills(values.reduce((s, v) => s + toMills(v), 0));

const computed = new WeakMap<
  ReportContext,
  Promise<{ rows: ReportRow[]; totals: Record<string, string>; previous: string }>
>();

function compute(ctx: ReportContext) {
  const known = computed.get(ctx);
  if (known) return known;
  const run = giftCardsInPeriod(ctx.db, {
    organizationId: ctx.organizationId,
    start: ctx.period.start,
    end: ctx.period.end,
    previousEnd: ctx.previous.end,
  }).then(({ rows, previousLiability }) => {
    const pick = (k: keyof GiftCardReportRow) => sum(rows.map((r) => r[k]));
    return {
      rows: rows.map((r) => ({
        card: r.card,
        soldOn: r.sold_on,
        recipient: r.recipient,
        sold: r.sold,
        redeemed: r.redeemed,
        refunded: r.refunded,
        returned: r.returned,
        balance: r.balance,
      })),
      totals: {
        sold: pick('sold'),
        redeemed: pick('redeemed'),
        refunded: pick('refunded'),
        returned: pick('returned'),
        balance: pick('balance'),
      },
      previous: previousLiability,
    };
  });
  computed.set(ctx, run);
  return run;
}

function sorted(rows: ReportRow[], sort: ReportContext['sort']): ReportRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const numeric = ['sold', 'redeemed', 'refunded', 'returned', 'balance'].includes(sort.key);
  return [...rows].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    const by = numeric ? Number(x) - Number(y) : String(x).localeCompare(String(y));
    return sign * by || String(a.card).localeCompare(String(b.card));
  });
}

export const giftCardsReport: ReportHandler = {
  id: 'gift-cards',
  columns: () => COLUMNS,
  defaultSort: () => ({ key: 'soldOn', dir: 'desc' }),
  async overview(ctx) {
    const c = await compute(ctx);
    return {
      figures: [
        {
          key: 'liability',
          label: 'Outstanding at the end',
          kind: 'money',
          value: c.totals.balance!,
          previous: c.previous,
        },
        { key: 'sold', label: 'Sold', kind: 'money', value: c.totals.sold! },
        { key: 'redeemed', label: 'Redeemed', kind: 'money', value: c.totals.redeemed! },
      ],
      chart: null,
      totals: c.rows.length ? { card: null, ...c.totals } : null,
      notice: null,
    };
  },
  async page(ctx, offset, limit) {
    const { rows } = await compute(ctx);
    return { rows: sorted(rows, ctx.sort).slice(offset, offset + limit), total: rows.length };
  },
};
