import type { HomeDashboard } from '@fitbase/domain/contracts/dashboard';
import type { HomeCards } from '@fitbase/domain/contracts/home-cards';
import { DEFAULT_HOME_CARDS } from '@fitbase/domain/home-cards';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { HomeDashboard as HomeDashboardScreen } from './home-dashboard';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

// docs/product/dashboards.md#cards-you-choose: Customize adds, removes and reorders (by the
// keyboard too) the person's cards, saves them on the server, and Reset goes back to the
// defaults. The server is MSW here: it keeps what was PUT, as the real one does.

const home: HomeDashboard = {
  classBookings: { today: 7, thisWeek: 31 },
  bookingsVsCapacity: { booked: 31, capacity: 62, percent: 50 },
  activeMembers: 1204,
  monthlyRevenue: '310.00',
  newestSignups: [],
  expiringMembers: [],
  today: [],
  tomorrow: [],
};

const noFigures: HomeCards['figures'] = {
  newMembers: null,
  checkInsToday: null,
  failedPayments: null,
  expiringMemberships: null,
  leadsThisMonth: null,
  upcomingClasses: null,
  lowStock: null,
  unreadMessages: null,
};

let stored: string[] | null;
const answer = (): HomeCards => {
  const cards = (stored ?? [...DEFAULT_HOME_CARDS]) as HomeCards['cards'];
  return {
    cards,
    customized: stored !== null,
    figures: { ...noFigures, lowStock: cards.includes('low-stock') ? 3 : null },
    setup: null,
  };
};

const api = mockApi(
  http.get('/api/dashboard/home', () => Response.json(home)),
  http.get('/api/dashboard/home/cards', () => Response.json(answer())),
  http.put('/api/dashboard/home/cards', async ({ request }) => {
    stored = ((await request.json()) as { cards: string[] }).cards;
    return Response.json(answer());
  }),
  http.delete('/api/dashboard/home/cards', () => {
    stored = null;
    return Response.json(answer());
  }),
);

beforeEach(() => {
  stored = null;
});
afterEach(cleanup);

/**
 * jsdom lays nothing out, and dnd-kit moves a card by the keyboard to the nearest card below or
 * above by their boxes: each card of the sortable list gets the box of its place in a column.
 */
const realRect = Element.prototype.getBoundingClientRect;
beforeAll(() => {
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const item = this.closest<HTMLElement>('[data-sortable-index]');
    if (!item) return realRect.call(this);
    const top = Number(item.dataset.sortableIndex) * 60;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 400,
      height: 50,
      right: 400,
      bottom: top + 50,
      toJSON: () => ({}),
    } as DOMRect;
  };
});
afterAll(() => {
  Element.prototype.getBoundingClientRect = realRect;
});

const me = studioMe('owner');
function renderHome() {
  return renderWithProviders(<HomeDashboardScreen organization={me.organizations[0]!} />, {
    me,
    router: true,
  });
}

const cardTitles = () =>
  within(screen.getByTestId('home-cards'))
    .getAllByRole('group')
    .map((g) => g.getAttribute('aria-label'));
const chosen = () =>
  within(screen.getByRole('list', { name: 'Your cards' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/\s+/g, ' ').trim());

async function openCustomize() {
  const button = await screen.findByRole('button', { name: 'Customize' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'Customize dashboard' });
}

describe('Customize on the studio home', () => {
  it('shows the default cards, each opening the screen or report behind it', async () => {
    renderHome();
    await waitFor(() =>
      expect(cardTitles()).toEqual([
        'Class Bookings',
        'Bookings vs Capacity',
        'Active Members',
        'Monthly Revenue',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Class Bookings' }).getAttribute('href')).toBe(
      '/schedule',
    );
    expect(screen.getByRole('link', { name: 'Monthly Revenue' }).getAttribute('href')).toBe(
      '/reports',
    );
  });

  it('adds, removes and reorders by keyboard, saves on the server, then resets', async () => {
    renderHome();
    const dialog = await openCustomize();

    // Add Low Stock (it goes last), remove Active Members.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Low Stock' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Active Members' }));
    expect(within(dialog).getByRole('button', { name: 'Add Active Members' })).toBeTruthy();

    // Carry Low Stock two places up with the keyboard: Space, ArrowUp twice, Space.
    const handle = within(dialog).getByRole('button', { name: 'Drag Low Stock' });
    handle.focus();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    for (let i = 0; i < 2; i++)
      await act(async () => {
        fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowUp', key: 'ArrowUp' });
      });
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
    });
    await waitFor(() =>
      expect(chosen()).toEqual([
        'Class Bookings',
        'Low Stock',
        'Bookings vs Capacity',
        'Monthly Revenue',
      ]),
    );

    // The buttons move a card without dragging.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Monthly Revenue up' }));
    expect(chosen()).toEqual([
      'Class Bookings',
      'Low Stock',
      'Monthly Revenue',
      'Bookings vs Capacity',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Customize dashboard' })).toBeNull(),
    );
    expect(stored).toEqual([
      'class-bookings',
      'low-stock',
      'monthly-revenue',
      'bookings-vs-capacity',
    ]);
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    await waitFor(() =>
      expect(cardTitles()).toEqual([
        'Class Bookings',
        'Low Stock',
        'Monthly Revenue',
        'Bookings vs Capacity',
      ]),
    );
    const lowStock = screen.getByRole('group', { name: 'Low Stock' });
    expect(within(lowStock).getByTestId('stat-value').textContent).toBe('3');
    expect(within(lowStock).getByRole('link').getAttribute('href')).toBe('/store/inventory');

    // Reset: the defaults again, stored nowhere.
    const again = await openCustomize();
    fireEvent.click(within(again).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(cardTitles()).toEqual(DEFAULT_HOME_CARDS.map(titleOfId)));
    expect(stored).toBeNull();
  });

  it('Cancel keeps the saved cards', async () => {
    renderHome();
    const dialog = await openCustomize();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Class Bookings' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Customize dashboard' })).toBeNull(),
    );
    expect(cardTitles()[0]).toBe('Class Bookings');
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});

describe('setup checklist', () => {
  it('lists the steps left with links to where each is done, and is absent once done', async () => {
    api.use(
      http.get('/api/dashboard/home/cards', () =>
        Response.json({
          ...answer(),
          setup: { timeZone: false, currency: true, logo: true, firstClass: false },
        }),
      ),
    );
    renderHome();
    const checklist = await screen.findByRole('heading', { name: 'Finish setting up your studio' });
    const card = checklist.closest('[aria-labelledby]') as HTMLElement;
    within(card).getByText('2 of 4 done. This list goes away when every step is done.');
    expect(
      within(card).getByRole('link', { name: "Set your studio's time zone" }).getAttribute('href'),
    ).toBe('/settings?tab=general');
    expect(
      within(card).getByRole('link', { name: 'Schedule your first class' }).getAttribute('href'),
    ).toBe('/schedule');
    expect(within(card).queryByRole('link', { name: 'Add your logo' })).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Choose your currency' })).toBeNull();
    expect(within(card).getAllByText('(done)')).toHaveLength(2);
  });

  it('is not shown when the server sends none', async () => {
    renderHome();
    await screen.findByRole('group', { name: 'Class Bookings' });
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/dashboard/home/cards')).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: 'Finish setting up your studio' })).toBeNull();
  });
});

function titleOfId(id: string) {
  return {
    'class-bookings': 'Class Bookings',
    'bookings-vs-capacity': 'Bookings vs Capacity',
    'active-members': 'Active Members',
    'monthly-revenue': 'Monthly Revenue',
  }[id];
}
