import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsCards } from './analytics-cards';
import { peakHours, visitsByHourChart, visitsByWeekdayChart } from './analytics-charts';
import { AnalyticsError } from './analytics-layout';

afterEach(cleanup);

const valueOf = (title: string) => {
  const card = screen.getByText(title).closest('[data-slot="card"]') as HTMLElement;
  return within(card).getByText(
    (_, el) => el?.tagName === 'P' && el.className.includes('text-2xl'),
  );
};

describe('analytics cards', () => {
  it('shows the figures it is given', () => {
    render(
      <AnalyticsCards
        cards={{
          totalMembers: 1204,
          monthlyRevenue: '12345.50',
          activeToday: 37,
          classesThisWeek: 12,
        }}
        loading={false}
      />,
    );
    expect(valueOf('Total Members').textContent).toBe('1,204');
    expect(valueOf('Monthly Revenue').textContent).toBe('$12,345.50');
    expect(valueOf('Active Today').textContent).toBe('37');
    expect(valueOf('Classes This Week').textContent).toBe('12');
  });

  it('shows zeros, not skeletons or invented figures, when the request failed (spec §7)', () => {
    render(<AnalyticsCards cards={undefined} loading={false} />);
    expect(valueOf('Total Members').textContent).toBe('0');
    expect(valueOf('Monthly Revenue').textContent).toBe('$0.00');
    expect(valueOf('Active Today').textContent).toBe('0');
    expect(valueOf('Classes This Week').textContent).toBe('0');
    expect(screen.queryByLabelText(/^Loading/)).toBeNull();
  });

  it('shows skeletons while loading', () => {
    render(<AnalyticsCards cards={undefined} loading />);
    expect(screen.getAllByLabelText(/^Loading/)).toHaveLength(4);
  });

  it('the failure notice is an alert with a retry', () => {
    const retry = vi.fn();
    render(<AnalyticsError onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded.*zeros/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('attendance charts', () => {
  const cells = [
    { weekday: 1, hour: 18, visits: 5 },
    { weekday: 3, hour: 19, visits: 4 },
    { weekday: 3, hour: 7, visits: 6 },
  ];

  it('peak hours: the busiest two consecutive hours and the busiest slot', () => {
    expect(peakHours(cells)).toEqual({
      window: '6 PM – 8 PM',
      visits: 9,
      busiest: 'Wednesday 7 AM',
    });
    expect(peakHours([])).toBeNull();
  });

  it('sums visits by hour and by weekday', () => {
    const byHour = visitsByHourChart(cells).points;
    expect(byHour).toHaveLength(24);
    expect(byHour[18]).toEqual({ hour: '6 PM', visits: 5 });
    expect(byHour[0]).toEqual({ hour: '12 AM', visits: 0 });
    expect(visitsByWeekdayChart(cells).points.map((p) => p.visits)).toEqual([5, 0, 10, 0, 0, 0, 0]);
  });
});
