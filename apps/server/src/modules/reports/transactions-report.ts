import type { ReportColumn } from '@fitbase/domain/contracts/reports';
import type { ReportContext, ReportHandler } from './report-types.ts';
import { decodeCursor, encodeCursor } from './revenue.sql.ts';
import {
  transactionsAfter,
  transactionsPage,
  transactionsSummary,
  type TransactionRow,
} from './transactions-report.sql.ts';

/**
 * Transactions (docs/product/reports-and-analytics.md#transactions): every charge and refund
 * recorded in the period. A refunded charge shows Paid and its refund is its own negative row,
 * so the Paid amounts add up to the Sales total.
 */

const COLUMNS: ReportColumn[] = [
  { key: 'occurredAt', label: 'Date', kind: 'datetime', sortable: true },
  { key: 'member', label: 'Member', kind: 'text', sortable: true },
  { key: 'item', label: 'Item', kind: 'text', sortable: false },
  { key: 'method', label: 'Method', kind: 'text', sortable: false },
  { key: 'amount', label: 'Amount', kind: 'money', sortable: true },
  { key: 'status', label: 'Status', kind: 'status', sortable: false },
  // Households: revenue stays with the member; the payer shows when someone else paid.
  { key: 'payer', label: 'Payer', kind: 'text', sortable: false },
];

const shape = ({ cursor: _c, ...row }: TransactionRow) => row;

const spanOf = (ctx: ReportContext) => ({
  organizationId: ctx.organizationId,
  start: ctx.period.start,
  end: ctx.period.end,
  sort: ctx.sort,
});

export const transactionsReport: ReportHandler = {
  id: 'transactions',
  columns: () => COLUMNS,
  defaultSort: () => ({ key: 'occurredAt', dir: 'desc' }),

  async overview(ctx) {
    const s = await transactionsSummary(
      ctx.db,
      ctx.organizationId,
      ctx.period.start,
      ctx.period.end,
    );
    return {
      figures: [
        { key: 'paid', label: 'Paid', kind: 'money', value: s.paid },
        { key: 'count', label: 'Transactions', kind: 'integer', value: s.count },
        { key: 'pending', label: 'Pending', kind: 'integer', value: s.pending },
        { key: 'failed', label: 'Failed', kind: 'integer', value: s.failed },
      ],
      chart: null,
      // The footer sums the Paid amounts only: the Sales total of the same period.
      totals: { amount: s.paid },
      notice: null,
    };
  },

  async page(ctx, offset, limit) {
    const rows = await transactionsPage(ctx.db, { ...spanOf(ctx), limit, offset });
    const { count } = await transactionsSummary(
      ctx.db,
      ctx.organizationId,
      ctx.period.start,
      ctx.period.end,
    );
    return { rows: rows.map(shape), total: count };
  },

  async exportBatch(ctx, cursor, limit) {
    const rows = await transactionsAfter(ctx.db, {
      ...spanOf(ctx),
      after: decodeCursor(cursor),
      limit,
    });
    const last = rows.at(-1);
    return {
      rows: rows.map(shape),
      next: last && rows.length === limit ? encodeCursor(last.cursor, last.id) : null,
    };
  },
};
