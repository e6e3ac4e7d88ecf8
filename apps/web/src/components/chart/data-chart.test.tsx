import type { ReportChart } from '@fitbase/domain/contracts/reports';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataChart } from './data-chart';
import { formatAxisValue, formatBucket, formatValue, inferBucket } from './format-value';

const sales: ReportChart = {
  kind: 'stacked-bar',
  title: 'Sales by day',
  xKey: 'day',
  xKind: 'date',
  unit: 'US dollars',
  series: [
    { key: 'memberships', label: 'Memberships', kind: 'money' },
    { key: 'retail', label: 'Retail', kind: 'money' },
  ],
  points: [
    { day: '2026-11-01', memberships: '1234.5', retail: '0.00' },
    { day: '2026-11-02', memberships: '0.00', retail: '-10.00' },
  ],
};

afterEach(cleanup);

describe('DataChart', () => {
  it('shows a skeleton while loading and nothing for a report without a chart', () => {
    const { rerender, container } = render(<DataChart chart={undefined} />);
    expect(screen.getByRole('status', { name: 'Loading chart' })).toBeTruthy();
    rerender(<DataChart chart={null} />);
    expect(container.textContent).toBe('');
  });

  it('hides the svg from screen readers and keeps the data in a table for them', () => {
    render(<DataChart chart={sales} />);
    expect(screen.getByTestId('chart-svg').getAttribute('aria-hidden')).toBe('true');
    const figure = screen.getByRole('figure', { name: /Sales by day/ });
    const table = within(figure).getByRole('table');
    // Hidden by its wrapper: a table box ignores sr-only's 1 px width and would widen the page.
    expect(table.parentElement!.className).toContain('sr-only');
    expect(within(table).getByText('$1,234.50')).toBeTruthy();
  });

  it('"Show as table" shows the same data as a visible table with formatted values', () => {
    render(<DataChart chart={sales} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.queryByTestId('chart-svg')).toBeNull();
    const table = screen.getByRole('table');
    expect(table.closest('.sr-only')).toBeNull();
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DayMembershipsRetail',
      'Nov 1$1,234.50$0.00',
      'Nov 2$0.00-$10.00',
    ]);
    expect(screen.getByRole('button', { name: 'Show as chart' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows the empty message when every value is zero', () => {
    const empty = {
      ...sales,
      points: sales.points.map((p) => ({ ...p, memberships: '0.00', retail: '0.00' })),
    };
    render(<DataChart chart={empty} emptyMessage="No sales in Nov 2026" />);
    expect(screen.getByText('No sales in Nov 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
  });
});

describe('chart formatting', () => {
  const usStudio = { currency: 'USD', locale: 'en-US', timeZone: 'UTC' };
  // ICU versions differ on the space before AM/PM and the euro sign (U+202F, U+00A0 or plain).
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('formats money exactly, negatives with a leading minus', () => {
    expect(formatValue('money', '1234.5', usStudio)).toBe('$1,234.50');
    expect(formatValue('money', '-10', usStudio)).toBe('-$10.00');
    expect(formatValue('money', null, usStudio)).toBe('–');
    expect(formatValue('percent', 12.25, usStudio)).toBe('12.3%');
    expect(formatValue('date', '2026-11-23', usStudio)).toBe('Nov 23, 2026');
    // 23:30 UTC is already the next day in Auckland.
    const auckland = { ...usStudio, timeZone: 'Pacific/Auckland' };
    expect(plain(formatValue('datetime', '2026-11-23T23:30:00.000Z', auckland))).toBe(
      'Nov 24, 2026, 12:30 PM',
    );
  });

  it("writes cells in the studio's locale, instants in its zone (ADR 0038)", () => {
    const berlin = { currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' };
    expect(plain(formatValue('money', '1234.5', berlin))).toBe('1.234,50 €');
    expect(formatValue('integer', 12345, berlin)).toBe('12.345');
    expect(formatValue('percent', 12.25, berlin)).toBe('12,3%');
    expect(formatValue('date', '2026-11-23', berlin)).toBe('23.11.2026');
    expect(formatValue('datetime', '2026-11-23T23:30:00.000Z', berlin)).toBe('24.11.2026, 00:30');
  });

  it('reads the bucket from the spacing of the points and labels it', () => {
    expect(inferBucket(['2026-01-01', '2026-02-01'])).toBe('month');
    expect(inferBucket(['2026-11-16', '2026-11-23'])).toBe('week');
    expect(inferBucket(['2026-11-16', '2026-11-17'])).toBe('day');
    expect(formatBucket('2026-11-01', 'month', 'en-US')).toBe('Nov 2026');
    expect(formatBucket('2026-11-16', 'week', 'en-US')).toBe('Week of Nov 16');
    expect(formatAxisValue('money', 1250, usStudio)).toBe('$1.3k');
    expect(formatAxisValue('integer', 12, usStudio)).toBe('12');
  });

  it("writes buckets and axis ticks in the studio's locale and currency (ADR 0038)", () => {
    expect(formatBucket('2026-11-01', 'month', 'de-DE')).toBe('Nov. 2026');
    expect(formatBucket('2026-11-16', 'week', 'de-DE', true)).toBe('16. Nov.');
    expect(formatBucket('2026-11-16', 'day', 'ja-JP')).toBe('11月16日');
    const usd = { currency: 'USD', locale: 'en-US' };
    expect(formatAxisValue('money', 1250, usd)).toBe('$1.3k');
    expect(plain(formatAxisValue('money', 13000, { currency: 'EUR', locale: 'de-DE' }))).toBe(
      '13.000 €',
    );
    expect(formatAxisValue('money', 13000, { currency: 'JPY', locale: 'ja-JP' })).toBe('￥1.3万');
  });
});
