import type { HomeDashboard } from '@fitbase/domain/contracts/dashboard';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StudioFormatProvider } from '@/hooks/use-studio-format';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { ClassesPanel } from './classes-panel';
import { HomeStatCards } from './home-stat-cards';
import { MemberActivityPanel } from './member-activity-panel';
import { StatCards, type DashboardStats } from './stat-cards';

// Issue 33 point 1: the studio home and the plan dashboards of the same studio in en-US/USD,
// de-DE/EUR and ja-JP/JPY. Revenue in its currency, counts and dates in its locale.

afterEach(cleanup);

/** Intl separates "1.234,50 €" with a no-break space: compared as a plain one. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const STUDIOS = [
  {
    currency: 'USD',
    locale: 'en-US',
    revenue: '1234.50',
    revenueText: '$1,234.50',
    compared: '$1,234.50 this month, $1,000.00 in the same days last month',
    count: '1,204',
    endsOn: 'Mar 5, 2026',
    weekday: 'Thu',
    times: '12:00 PM \u2013 1:00 PM',
  },
  {
    currency: 'EUR',
    locale: 'de-DE',
    revenue: '1234.50',
    revenueText: '1.234,50 €',
    compared: '1.234,50 € this month, 1.000,00 € in the same days last month',
    count: '1.204',
    endsOn: '5. März 2026',
    weekday: 'Do',
    times: '12:00 \u2013 13:00',
  },
  {
    currency: 'JPY',
    locale: 'ja-JP',
    revenue: '3000.00',
    revenueText: '￥3,000',
    compared: '￥3,000 this month, ￥1,000 in the same days last month',
    count: '1,204',
    endsOn: '2026年3月5日',
    weekday: '木',
    times: '12:00 \u2013 13:00',
  },
] as const;

function home(revenue: string): HomeDashboard {
  return {
    classBookings: { today: 7, thisWeek: 31 },
    bookingsVsCapacity: { booked: 31, capacity: 62, percent: 50 },
    activeMembers: 1204,
    monthlyRevenue: revenue,
    newestSignups: [],
    expiringMembers: [{ id: 'm1', firstName: 'Ada', lastName: 'Lovelace', endsOn: '2026-03-05' }],
    today: [],
    tomorrow: [],
  };
}

function renderIn(studio: (typeof STUDIOS)[number], ui: ReactElement) {
  renderWithProviders(<StudioFormatProvider>{ui}</StudioFormatProvider>, {
    me: studioMe('owner', 'owner@example.com', studio),
    router: true,
  });
}

describe.each(STUDIOS)('the dashboards of a studio in $locale/$currency', (studio) => {
  it('writes the home cards in its currency and locale', () => {
    renderIn(studio, <HomeStatCards home={home(studio.revenue)} />);
    const value = (title: string) =>
      plain(
        within(screen.getByRole('group', { name: title })).getByTestId('stat-value').textContent,
      );
    expect(value('Monthly Revenue')).toBe(studio.revenueText);
    expect(value('Active Members')).toBe(studio.count);
  });

  it('writes the plan dashboard revenue and its comparison in its currency', () => {
    const stats: DashboardStats = {
      memberCount: 1204,
      maxMembers: null,
      activeToday: 3,
      membersAdded: null,
      checkIns: null,
      classesThisWeek: 14,
      revenue: { current: studio.revenue, previous: '1000.00' },
    };
    renderIn(studio, <StatCards stats={stats} showClassesThisWeek={false} />);
    const text = plain(document.body.textContent);
    expect(text).toContain(studio.revenueText);
    expect(text).toContain(studio.compared);
    expect(text).toContain(studio.count);
  });

  it('writes dates and class times in its locale', () => {
    renderIn(studio, <MemberActivityPanel home={home(studio.revenue)} isLoading={false} />);
    const tab = screen.getByRole('tab', { name: 'Expiring Members' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    const expiring = screen.getByRole('list', { name: 'Expiring members' });
    expect(plain(expiring.textContent)).toContain(`Membership ends ${studio.endsOn}`);
    cleanup();
    renderIn(
      studio,
      <ClassesPanel
        today={[
          {
            id: 's1',
            kind: 'class',
            classId: 'c1',
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
            trainer: null,
            facility: null,
          },
        ]}
        tomorrow={[]}
        timeZone="UTC"
        isLoading={false}
        onBook={() => {}}
      />,
    );
    const text = plain(document.body.textContent);
    expect(text).toContain(studio.times);
    expect(text).toContain(studio.weekday);
  });
});
