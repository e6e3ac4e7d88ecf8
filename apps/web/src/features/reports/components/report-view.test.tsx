import type { ReportResult } from '@fitbase/domain/contracts/reports';
import { resolvePeriod, type ResolvedPeriod } from '@fitbase/domain/report-rules';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { renderWithProviders } from '@/test/render';
import type { ReportView as ReportViewState } from '../lib/report-search';
import { ReportView, type ReportViewProps } from './report-view';

afterEach(cleanup);

const view: ReportViewState = {
  report: 'transactions',
  period: 'month',
  date: '2026-11-10',
  page: 1,
};
const resolved = resolvePeriod({ locale: 'en-US',  period: 'month', anchor: '2026-11-10' }) as ResolvedPeriod;

/** A Transactions answer in the contract's shape, as the server sends it. */
function transactions(overrides: Partial<ReportResult> = {}): ReportResult {
  return {
    report: 'transactions',
    tab: null,
    period: {
      period: 'month',
      from: '2026-11-01',
      to: '2026-11-30',
      label: 'Nov 2026',
      timeZone: 'Pacific/Auckland',
    },
    definition: 'Every charge and refund recorded in the period.',
    figures: [
      { key: 'paid', label: 'Paid', kind: 'money', value: '1240.00', previous: '1000.00' },
      { key: 'count', label: 'Transactions', kind: 'integer', value: 3, previous: 4 },
      { key: 'fill', label: 'Fill rate', kind: 'percent', value: 87.5 },
    ],
    chart: null,
    columns: [
      { key: 'occurredAt', label: 'Date', kind: 'datetime', sortable: true },
      { key: 'member', label: 'Member', kind: 'text', sortable: true },
      { key: 'amount', label: 'Amount', kind: 'money', sortable: true },
      { key: 'share', label: 'Share', kind: 'percent', sortable: false },
      { key: 'status', label: 'Status', kind: 'status', sortable: false },
    ],
    rows: [
      // 23:30 UTC on Nov 9 is Nov 10 in Auckland.
      {
        occurredAt: '2026-11-09T23:30:00.000Z',
        member: 'Ada Lovelace',
        amount: '1250',
        share: 100.8,
        status: 'Paid',
      },
      {
        occurredAt: '2026-11-12T01:00:00.000Z',
        member: 'Ada Lovelace',
        amount: '-10.00',
        share: null,
        status: 'Paid',
      },
    ],
    totals: { amount: '1240.00' },
    page: 1,
    pageSize: 25,
    total: 2,
    sort: 'occurredAt',
    dir: 'desc',
    notice: null,
    ...overrides,
  };
}

function renderView(props: Partial<ReportViewProps>) {
  const onChange = vi.fn();
  renderWithProviders(
    <ReportView
      view={view}
      today="2026-11-23"
      resolved={resolved}
      result={undefined}
      error={null}
      loading={false}
      fetching={false}
      onChange={onChange}
      onExport={async () => {}}
      {...props}
    />,
  );
  return { onChange };
}

describe('ReportView', () => {
  it('shows the title, definition, figures with the previous period and the change', () => {
    renderView({ result: transactions() });
    expect(screen.getByRole('heading', { level: 2, name: 'Transactions' })).toBeTruthy();
    // The definition is the catalog's own words (packages/domain/src/report-catalog.ts).
    expect(
      screen.getByText(/^Every charge and refund recorded in the period, by the moment/),
    ).toBeTruthy();
    const paid = screen.getByTestId('figure-paid');
    expect(paid.textContent).toContain('$1,240.00');
    expect(paid.textContent).toContain('Previous period: $1,000.00 · +$240.00 (+24%)');
    expect(screen.getByTestId('figure-count').textContent).toContain('-1 (-25%)');
    expect(screen.getByTestId('figure-fill').textContent).toBe('Fill rate87.5%');
  });

  it('formats cells by kind in the studio zone and shows the totals of the period', () => {
    renderView({ result: transactions() });
    const table = screen.getByRole('table', { name: 'Transactions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Nov 10, 2026, 12:30 PM', 'Ada Lovelace', '$1,250.00', '100.8%', 'Paid']);
    expect(within(rows[1]!).getAllByRole('cell')[2]!.textContent).toBe('-$10.00');
    expect(within(rows[1]!).getAllByRole('cell')[3]!.textContent).toBe('–');
    expect(screen.getByTestId('report-totals').textContent).toBe(
      'Total for the periodAmount$1,240.00',
    );
  });

  it('sorts on the server: a click on a sortable header asks for that order', () => {
    const { onChange } = renderView({ result: transactions() });
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(onChange).toHaveBeenCalledWith({ sort: 'amount', dir: 'asc' });
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('says plainly when the period has nothing, and shows the notice', () => {
    renderView({
      result: transactions({
        rows: [],
        total: 0,
        totals: null,
        figures: [{ key: 'paid', label: 'Paid', kind: 'money', value: '0.00' }],
        notice: 'Payouts appear with card payments.',
      }),
    });
    expect(screen.getByText('No transactions in Nov 2026')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Payouts appear with card payments.');
    expect(screen.queryByTestId('report-totals')).toBeNull();
  });

  it('shows "Reports are for owners and admins" on a forbidden answer, by its code', () => {
    renderView({
      error: new ApiError(403, { code: 'forbidden', message: 'Any wording at all' }),
    });
    expect(screen.getByRole('heading', { name: 'Reports are for owners and admins' })).toBeTruthy();
    expect(screen.queryByText('Any wording at all')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it("shows the API's message for other errors, and skeletons while loading", () => {
    renderView({
      error: new ApiError(400, {
        code: 'validation_error',
        message: 'Sales has the tabs overview, breakdown.',
      }),
    });
    expect(screen.getByRole('alert').textContent).toBe('Sales has the tabs overview, breakdown.');
    cleanup();
    renderView({ loading: true });
    expect(screen.getByRole('status', { name: 'Loading report' })).toBeTruthy();
  });

  it('shows the fixed window instead of the selector for a report of the present', () => {
    renderView({ view: { report: 'scheduled', period: 'month', page: 1 } });
    expect(screen.getByTestId('fixed-window').textContent).toBe(
      'Today and the next 30 days: Nov 23, 2026 – Dec 23, 2026',
    );
    expect(screen.queryByRole('group', { name: 'Period' })).toBeNull();
  });
});
