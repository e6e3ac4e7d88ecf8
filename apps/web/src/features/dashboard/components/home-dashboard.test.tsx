import type { HomeDashboard } from '@fitbase/domain/contracts/dashboard';
import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ClassesPanel } from './classes-panel';
import { HomeStatCards } from './home-stat-cards';
import { MemberActivityPanel } from './member-activity-panel';

afterEach(cleanup);

function session(overrides: Partial<SessionSummary>): SessionSummary {
  return {
    id: 'session-1',
    kind: 'class',
    classId: 'class-1',
    serviceId: null,
    name: 'Morning Yoga',
    startsAt: '2026-03-05T12:00:00.000Z',
    endsAt: '2026-03-05T13:00:00.000Z',
    capacity: 10,
    bookedCount: 9,
    waitlistCount: 0,
    color: '#2563eb',
    status: 'scheduled',
    detached: false,
    trainer: { userId: 'trainer-1', name: 'Sam Coach' },
    facility: null,
    ...overrides,
  };
}

const home: HomeDashboard = {
  classBookings: { today: 7, thisWeek: 31 },
  bookingsVsCapacity: { booked: 31, capacity: 62, percent: 50 },
  activeMembers: 1204,
  monthlyRevenue: '0.00',
  newestSignups: [],
  expiringMembers: [],
  today: [],
  tomorrow: [],
};

function card(title: string): HTMLElement {
  return screen.getByRole('group', { name: title });
}

describe('HomeStatCards', () => {
  it("shows the server's figures with computed lines only, never the sample side texts", () => {
    render(<HomeStatCards home={home} />);
    expect(within(card('Class Bookings')).getByTestId('stat-value').textContent).toBe('7');
    within(card('Class Bookings')).getByText('Today · 31 this week');
    expect(within(card('Bookings vs Capacity')).getByTestId('stat-value').textContent).toBe('50%');
    within(card('Bookings vs Capacity')).getByText('31 of 62 places booked this week');
    expect(within(card('Active Members')).getByTestId('stat-value').textContent).toBe('1,204');
    expect(within(card('Monthly Revenue')).getByTestId('stat-value').textContent).toBe('$0.00');
    expect(document.body.textContent).not.toMatch(
      /4-week trend|Excellent|\+12% monthly growth|On track/,
    );
  });

  it('says when there is no capacity this week instead of a percentage of nothing', () => {
    render(
      <HomeStatCards
        home={{ ...home, bookingsVsCapacity: { booked: 0, capacity: 0, percent: 0 } }}
      />,
    );
    within(card('Bookings vs Capacity')).getByText('No classes this week');
  });
});

describe('ClassesPanel', () => {
  it("lists today's sessions in the studio's time zone with places, percent and colour", () => {
    const onBook = vi.fn();
    const yoga = session({});
    renderWithProviders(
      <ClassesPanel
        today={[yoga, session({ id: 'session-2', name: 'Spin', bookedCount: 2 })]}
        tomorrow={[]}
        timeZone="America/New_York"
        isLoading={false}
        onBook={onBook}
      />,
      { router: true },
    );
    const list = screen.getByRole('list', { name: "Today's classes" });
    const [first, second] = within(list).getAllByRole('listitem');
    within(first!).getByText('Morning Yoga');
    within(first!).getByText(/7:00 AM \u2013 8:00 AM/);
    within(first!).getByText('9/10');
    expect(within(first!).getByText('90%').dataset.capacity).toBe('red');
    expect(within(second!).getByText('20%').dataset.capacity).toBe('green');
    fireEvent.click(within(first!).getByRole('button', { name: /^Book Client/ }));
    expect(onBook).toHaveBeenCalledWith(yoga);
  });

  it('has honest empty states and no Book Client for a cancelled session', () => {
    renderWithProviders(
      <ClassesPanel
        today={[session({ status: 'cancelled' })]}
        tomorrow={[]}
        timeZone="UTC"
        isLoading={false}
        onBook={() => {}}
      />,
      { router: true },
    );
    screen.getByText('Cancelled');
    expect(screen.queryByRole('button', { name: /^Book Client/ })).toBeNull();
  });

  it('says No classes today when there are none', () => {
    renderWithProviders(
      <ClassesPanel today={[]} tomorrow={[]} timeZone="UTC" isLoading={false} onBook={() => {}} />,
      { router: true },
    );
    screen.getByText('No classes today');
  });
});

describe('MemberActivityPanel', () => {
  it('lists the newest signups with their relative join time, and an empty expiring tab', () => {
    const joinedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    renderWithProviders(
      <MemberActivityPanel
        home={{
          ...home,
          newestSignups: [{ id: 'm1', firstName: 'Robin', lastName: 'Reader', joinedAt }],
        }}
        isLoading={false}
      />,
      { router: true },
    );
    const signups = screen.getByRole('list', { name: 'Newest signups' });
    within(signups).getByRole('link', { name: 'Robin Reader' });
    within(signups).getByText('3 days ago');
    expect(screen.getByRole('tab', { name: 'Newest Signups' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});
