import type { ReportResult } from '@fitbase/domain/contracts/reports';
import type { Product } from '@fitbase/domain/contracts/store';
import { resolvePeriod, type ResolvedPeriod } from '@fitbase/domain/report-rules';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from '@/components/data-table/data-table';
import { StudioFormatProvider } from '@/hooks/use-studio-format';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { productColumns } from '../../store/components/products-table';
import { ReportView } from './report-view';

// Issue 33 point 1: the same studio in en-US/USD, de-DE/EUR and ja-JP/JPY. Every amount goes
// through Intl.NumberFormat in the studio's currency and locale, dates in its locale and zone,
// and the Sales definition names the currency instead of US dollars. The signed-in layout
// provides the format from /api/me (StudioFormatProvider), as here.

afterEach(cleanup);

/** Intl separates "1.240,00 €" with a no-break space: compared as a plain one. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const STUDIOS = [
  {
    currency: 'USD',
    locale: 'en-US',
    paid: '$1,240.00',
    previous: 'Previous period: $1,000.00 · +$240.00 (+24%)',
    cells: ['Nov 10, 2026, 12:30 PM', 'Ada Lovelace', '$1,250.00', '100.8%'],
    refund: '-$10.00',
    price: '$1,234.50',
  },
  {
    currency: 'EUR',
    locale: 'de-DE',
    paid: '1.240,00 €',
    previous: 'Previous period: 1.000,00 € · +240,00 € (+24%)',
    cells: ['10.11.2026, 12:30', 'Ada Lovelace', '1.250,00 €', '100,8%'],
    refund: '-10,00 €',
    price: '1.234,50 €',
  },
  {
    currency: 'JPY',
    locale: 'ja-JP',
    paid: '￥1,240',
    previous: 'Previous period: ￥1,000 · +￥240 (+24%)',
    cells: ['2026/11/10 12:30', 'Ada Lovelace', '￥1,250', '100.8%'],
    refund: '-￥10',
    price: '￥1,235',
  },
] as const;

const resolved = resolvePeriod({
  locale: 'en-US',
  period: 'month',
  anchor: '2026-11-10',
}) as ResolvedPeriod;

function result(report: 'transactions' | 'sales'): ReportResult {
  return {
    report,
    tab: null,
    period: {
      period: 'month',
      from: '2026-11-01',
      to: '2026-11-30',
      label: 'Nov 2026',
      timeZone: 'Pacific/Auckland',
    },
    definition: '',
    figures: [{ key: 'paid', label: 'Paid', kind: 'money', value: '1240.00', previous: '1000.00' }],
    chart: null,
    columns: [
      { key: 'occurredAt', label: 'Date', kind: 'datetime', sortable: true },
      { key: 'member', label: 'Member', kind: 'text', sortable: true },
      { key: 'amount', label: 'Amount', kind: 'money', sortable: true },
      { key: 'share', label: 'Share', kind: 'percent', sortable: false },
    ],
    rows: [
      // 23:30 UTC on Nov 9 is 12:30 on Nov 10 in Auckland.
      {
        occurredAt: '2026-11-09T23:30:00.000Z',
        member: 'Ada Lovelace',
        amount: '1250',
        share: 100.8,
      },
      {
        occurredAt: '2026-11-12T01:00:00.000Z',
        member: 'Ada Lovelace',
        amount: '-10.00',
        share: null,
      },
    ],
    totals: null,
    page: 1,
    pageSize: 25,
    total: 2,
    sort: 'occurredAt',
    dir: 'desc',
    notice: null,
  };
}

function renderReport(studio: (typeof STUDIOS)[number], report: 'transactions' | 'sales') {
  renderWithProviders(
    <StudioFormatProvider>
      <ReportView
        view={{ report, period: 'month', date: '2026-11-10', page: 1 }}
        today="2026-11-23"
        resolved={resolved}
        result={result(report)}
        error={null}
        loading={false}
        fetching={false}
        onChange={() => {}}
        onExport={async () => {}}
      />
    </StudioFormatProvider>,
    { me: studioMe('owner', 'owner@example.com', studio) },
  );
}

describe.each(STUDIOS)('the same studio in $locale/$currency', (studio) => {
  it('writes report figures, cells and dates in its currency, locale and zone', () => {
    renderReport(studio, 'transactions');
    const paid = plain(screen.getByTestId('figure-paid').textContent);
    expect(paid).toContain(studio.paid);
    expect(paid).toContain(studio.previous);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => plain(c.textContent)),
    ).toEqual(studio.cells);
    expect(plain(within(rows[1]!).getAllByRole('cell')[2]!.textContent)).toBe(studio.refund);
  });

  it('says the Sales report is in its currency, never in US dollars', () => {
    renderReport(studio, 'sales');
    expect(
      screen.getByText(new RegExp(`minus refunds made in the period, in ${studio.currency}\\.`)),
    ).toBeTruthy();
    expect(screen.queryByText(/US dollars/)).toBeNull();
  });

  it('prices store products in its currency (JPY without decimals)', () => {
    const product = {
      id: 'p1',
      name: 'Towel',
      sku: 'TOWEL',
      category: null,
      price: '1234.50',
      cost: null,
      stockOnHand: 3,
      lowStockThreshold: 0,
      isLowStock: false,
      isActive: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    } as Product;
    renderWithProviders(
      <StudioFormatProvider>
        <DataTable
          columns={productColumns}
          rows={[product]}
          getRowId={(p) => p.id}
          label="Products"
          loading={false}
          empty="No products"
        />
      </StudioFormatProvider>,
      { me: studioMe('owner', 'owner@example.com', studio) },
    );
    expect(
      screen.getByText((_, el) => el?.tagName === 'TD' && plain(el.textContent) === studio.price),
    ).toBeTruthy();
  });
});
