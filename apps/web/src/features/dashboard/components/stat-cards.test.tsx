import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatCards, type DashboardStats } from './stat-cards';

afterEach(cleanup);

const base: DashboardStats = {
  memberCount: 12,
  maxMembers: 100,
  activeToday: 3,
  membersAdded: { current: 6, previous: 5 },
  checkIns: { current: 30, previous: 40 },
  classesThisWeek: 14,
  revenue: { current: '1234.50', previous: null },
};

function card(title: string): HTMLElement {
  const element = screen.getByText(title, { exact: true }).closest('[data-slot="card"]');
  if (!(element instanceof HTMLElement)) throw new Error(`no card ${title}`);
  return element;
}

describe('StatCards percent labels', () => {
  it('shows the real change against the same days of the previous month, and what it compares', () => {
    render(<StatCards stats={base} showClassesThisWeek />);
    const members = within(card('Total Members'));
    expect(members.getByTestId('stat-change').textContent).toBe('+20%');
    members.getByText('6 new members this month, 5 in the same days last month');
    const active = within(card('Active Today'));
    expect(active.getByTestId('stat-change').textContent).toBe('\u221225%');
    // No previous revenue period from the server, and classes: no label, never a fixed one.
    expect(within(card('Monthly Revenue')).queryByTestId('stat-change')).toBeNull();
    expect(within(card('Classes This Week')).queryByTestId('stat-change')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\+12%|\+5%|\+8%|\+15%/);
  });

  it('shows Monthly Revenue exactly, with the change only when there is a previous period', () => {
    render(
      <StatCards
        stats={{ ...base, revenue: { current: '1100.10', previous: '1000.10' } }}
        showClassesThisWeek={false}
      />,
    );
    const revenue = within(card('Monthly Revenue'));
    revenue.getByText('$1,100.10');
    expect(revenue.getByTestId('stat-change').textContent).toBe('+10%');
    revenue.getByText('$1,100.10 this month, $1,000.10 in the same days last month');
    cleanup();
    render(<StatCards stats={base} showClassesThisWeek={false} />);
    within(card('Monthly Revenue')).getByText('$1,234.50');
  });

  it('keeps cents exact where floats would not (0.10 + 0.20)', () => {
    render(
      <StatCards
        stats={{ ...base, revenue: { current: '0.30', previous: '0.30' } }}
        showClassesThisWeek={false}
      />,
    );
    const revenue = within(card('Monthly Revenue'));
    revenue.getByText('$0.30');
    expect(revenue.getByTestId('stat-change').textContent).toBe('0%');
  });

  it("shows the schedule's classes this week", () => {
    render(<StatCards stats={base} showClassesThisWeek />);
    expect(within(card('Classes This Week')).getByText('14')).toBeTruthy();
  });

  it('shows no label without a previous period, or with nothing in it', () => {
    render(
      <StatCards
        stats={{
          ...base,
          membersAdded: { current: 6, previous: null },
          checkIns: { current: 4, previous: 0 },
        }}
        showClassesThisWeek={false}
      />,
    );
    expect(screen.queryAllByTestId('stat-change')).toHaveLength(0);
    expect(screen.queryByText(/same days last month/)).toBeNull();
  });

  it('says 0% when nothing changed', () => {
    render(
      <StatCards
        stats={{ ...base, membersAdded: { current: 2, previous: 2 }, checkIns: null }}
        showClassesThisWeek={false}
      />,
    );
    expect(within(card('Total Members')).getByTestId('stat-change').textContent).toBe('0%');
  });
});
