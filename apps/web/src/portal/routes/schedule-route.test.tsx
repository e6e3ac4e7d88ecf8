import type { PortalSession, PortalWeek } from '@fitbase/domain/contracts/portal';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, me, renderPortal, stubFetch } from '../test/render-portal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base: Omit<PortalSession, 'id' | 'name' | 'startsAt' | 'endsAt'> = {
  trainerName: 'Grace',
  room: 'Studio 1',
  capacity: 10,
  placesLeft: 4,
  waitlistCount: 0,
  status: 'scheduled',
  myBooking: null,
  myCost: null,
};

// Far in the future so the week is never "before today" for the Previous week button.
const week: PortalWeek = {
  timeZone: 'Europe/Berlin',
  from: '2099-12-07',
  to: '2099-12-13',
  sessions: [
    {
      ...base,
      id: 's-yoga',
      name: 'Yoga',
      startsAt: '2099-12-08T17:00:00Z',
      endsAt: '2099-12-08T18:00:00Z',
    },
    {
      ...base,
      id: 's-spin',
      name: 'Spin',
      startsAt: '2099-12-08T06:00:00Z',
      endsAt: '2099-12-08T06:45:00Z',
      placesLeft: 0,
      waitlistCount: 2,
    },
    {
      ...base,
      id: 's-pilates',
      name: 'Pilates',
      startsAt: '2099-12-09T09:00:00Z',
      endsAt: '2099-12-09T10:00:00Z',
      myBooking: { id: 'b-1', status: 'booked', waitlistPosition: null },
    },
    {
      ...base,
      id: 's-box',
      name: 'Boxing',
      startsAt: '2099-12-10T09:00:00Z',
      endsAt: '2099-12-10T10:00:00Z',
      placesLeft: 0,
      myBooking: { id: 'b-2', status: 'waitlisted', waitlistPosition: 3 },
    },
    {
      ...base,
      id: 's-hiit',
      name: 'HIIT',
      startsAt: '2099-12-11T09:00:00Z',
      endsAt: '2099-12-11T10:00:00Z',
      status: 'cancelled',
    },
  ],
};

const item = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

function booking(sessionId: string, status: 'booked' | 'waitlisted', position: number | null) {
  const session = week.sessions.find((s) => s.id === sessionId)!;
  return {
    id: `b-${sessionId}`,
    sessionId,
    sessionName: session.name,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    trainerName: session.trainerName,
    room: session.room,
    status,
    waitlistPosition: position,
    checkedInAt: null,
  };
}

describe('portal schedule', () => {
  it('shows the week by day with places, badges and the right action', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/schedule?from=2099-12-07': { body: week },
    });
    renderPortal('/m/zen/schedule?from=2099-12-07');

    expect(await screen.findByRole('heading', { name: 'Tuesday, December 8' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Portal' })).toBeTruthy();
    // Times in the studio's zone (Berlin, UTC+1), earliest first.
    const days = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(days).toEqual(['Spin', 'Yoga', 'Pilates', 'Boxing', 'HIIT']);
    expect(within(item('Yoga')).getByText('6:00 – 7:00 PM')).toBeTruthy();
    expect(within(item('Yoga')).getByText('4 places left')).toBeTruthy();
    expect(within(item('Yoga')).getByText('Grace · Studio 1')).toBeTruthy();
    expect(within(item('Yoga')).getByRole('button', { name: 'Book' })).toBeTruthy();
    expect(within(item('Spin')).getByText('Full')).toBeTruthy();
    expect(within(item('Spin')).getByRole('button', { name: 'Join waitlist' })).toBeTruthy();
    expect(within(item('Pilates')).getByText('Booked')).toBeTruthy();
    expect(within(item('Pilates')).queryByRole('button')).toBeNull();
    expect(within(item('Boxing')).getByText('Waitlist #3')).toBeTruthy();
    expect(within(item('HIIT')).getByText('Cancelled')).toBeTruthy();
    expect(within(item('HIIT')).queryByRole('button')).toBeNull();
  });

  it('says what each class costs the member: included, one credit, or nothing pays for it', async () => {
    const costs: Array<PortalSession['myCost']> = [
      { kind: 'credit', planName: '10 Class Pack', creditsLeft: 4 },
      { kind: 'included', planName: 'Unlimited' },
      { kind: 'none' },
    ];
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/schedule?from=2099-12-07': {
        body: {
          ...week,
          sessions: week.sessions
            .filter((s) => ['s-yoga', 's-spin'].includes(s.id))
            .map((s, i) => ({ ...s, myCost: costs[i] }))
            .concat({ ...week.sessions[2]!, myBooking: null, myCost: costs[2]! }),
        },
      },
    });
    renderPortal('/m/zen/schedule?from=2099-12-07');
    await screen.findByRole('heading', { name: 'Tuesday, December 8' });
    expect(within(item('Yoga')).getByText('1 credit of 10 Class Pack (4 left)')).toBeTruthy();
    expect(within(item('Spin')).getByText('Included in Unlimited')).toBeTruthy();
    expect(within(item('Pilates')).getByText(/No membership or credits for this day/)).toBeTruthy();
    expect(within(item('Pilates')).getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe(
      '/m/zen/buy',
    );
  });

  it('books a place and a waitlist place, and says so', async () => {
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/schedule?from=2099-12-07': { body: week },
      'GET /api/m/zen/bookings': { body: { upcoming: [], past: [] } },
      'POST /api/m/zen/sessions/s-yoga/book': () => json(booking('s-yoga', 'booked', null), 201),
      'POST /api/m/zen/sessions/s-spin/book': () => json(booking('s-spin', 'waitlisted', 3), 201),
    });
    renderPortal('/m/zen/schedule?from=2099-12-07');

    fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Booked: Yoga on Tue, Dec 8, 6:00 PM.')).toBeTruthy();
    const bookCall = fetchMock.mock.calls.find(
      ([url]) => url === '/api/m/zen/sessions/s-yoga/book',
    );
    expect(bookCall?.[1]?.method).toBe('POST');
    expect(bookCall?.[1]?.credentials).toBe('same-origin');
    // The week is asked again after booking.
    expect(
      fetchMock.mock.calls.filter(([url]) => url === '/api/m/zen/schedule?from=2099-12-07').length,
    ).toBeGreaterThan(1);

    fireEvent.click(screen.getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText('You are #3 on the waitlist.')).toBeTruthy();
  });

  it('shows a refused booking and moves between weeks', async () => {
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/schedule?from=2099-12-07': { body: week },
      'GET /api/m/zen/schedule?from=2099-12-14': {
        body: { ...week, from: '2099-12-14', to: '2099-12-20', sessions: [] },
      },
      'POST /api/m/zen/sessions/s-yoga/book': () =>
        apiError(409, 'booking_overlap', 'You already have a class at this time.'),
    });
    const { router } = renderPortal('/m/zen/schedule?from=2099-12-07');

    fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
    expect(await screen.findByText('You already have a class at this time.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('No classes this week.')).toBeTruthy();
    expect(router.state.location.search).toBe('?from=2099-12-14');
    expect(
      fetchMock.mock.calls.some(([url]) => url === '/api/m/zen/schedule?from=2099-12-14'),
    ).toBe(true);
  });

  it("writes the week the studio's way: a de-DE studio reads German days and a 24-hour clock", async () => {
    stubFetch({
      'GET /api/m/zen': { body: { ...me.studio, locale: 'de-DE', currency: 'EUR' } },
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/schedule?from=2099-12-07': { body: week },
    });
    renderPortal('/m/zen/schedule?from=2099-12-07');

    expect(await screen.findByRole('heading', { name: 'Dienstag, 8. Dezember' })).toBeTruthy();
    expect(within(item('Yoga')).getByText('18:00–19:00 Uhr')).toBeTruthy();
    expect(screen.getByText('7. Dez. – 13. Dez.')).toBeTruthy();
  });

  it('shows the public week signed out, with Sign in to book and no member calls', async () => {
    const publicWeek: PortalWeek = {
      ...week,
      sessions: week.sessions.map((session) => ({ ...session, myBooking: null })),
    };
    const fetchMock = stubFetch({
      'GET /api/m/zen': { body: me.studio },
      'GET /api/m/zen/me': () => apiError(401, 'unauthorized', 'Sign in first.'),
      'GET /api/m/zen/classes?from=2099-12-07': { body: publicWeek },
    });
    const { router } = renderPortal('/m/zen/schedule?from=2099-12-07');

    expect(await screen.findByRole('heading', { name: 'Tuesday, December 8' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m/zen/schedule');
    // The studio on top and Sign in; no sections, no account menu.
    expect(await screen.findByText('Studio Zen')).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/m/zen');
    expect(screen.queryByRole('navigation', { name: 'Portal' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Account/ })).toBeNull();

    expect(within(item('Yoga')).getByText('4 places left')).toBeTruthy();
    const book = within(item('Yoga')).getByRole('link', { name: 'Sign in to book' });
    expect(book.getAttribute('href')).toBe('/m/zen');
    // Not framed here: the link stays in this window.
    expect(book.getAttribute('target')).toBeNull();
    expect(within(item('Spin')).getByRole('link', { name: 'Sign in to book' })).toBeTruthy();
    expect(within(item('Pilates')).getByRole('link', { name: 'Sign in to book' })).toBeTruthy();
    expect(within(item('HIIT')).getByText('Cancelled')).toBeTruthy();
    expect(within(item('HIIT')).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();

    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/m/zen/classes?from=2099-12-07');
    expect(urls.some((url) => url.startsWith('/api/m/zen/schedule'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(router.state.location.search).toBe('?from=2099-12-14');
  });

  it('opens Sign in links in the whole window when framed', async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    try {
      stubFetch({
        'GET /api/m/zen': { body: me.studio },
        'GET /api/m/zen/me': () => apiError(401, 'unauthorized', 'Sign in first.'),
        'GET /api/m/zen/classes': { body: { ...week, sessions: [week.sessions[0]!] } },
      });
      const { router } = renderPortal('/m/zen/schedule');
      const book = await screen.findByRole('link', { name: 'Sign in to book' });
      expect(book.getAttribute('target')).toBe('_top');
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('target')).toBe('_top');
      expect(router.state.location.pathname).toBe('/m/zen/schedule');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('shows the public week when the session has ended', async () => {
    let signedIn = true;
    stubFetch({
      'GET /api/m/zen': { body: me.studio },
      'GET /api/m/zen/me': () =>
        signedIn ? json(me) : apiError(401, 'unauthorized', 'Sign in first.'),
      'GET /api/m/zen/schedule': () => {
        signedIn = false;
        return apiError(401, 'unauthorized', 'Sign in first.');
      },
      'GET /api/m/zen/classes': { body: week },
    });
    const { router } = renderPortal('/m/zen/schedule');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect((await screen.findAllByRole('link', { name: 'Sign in to book' })).length).toBe(4);
    expect(router.state.location.pathname).toBe('/m/zen/schedule');
  });

  it('sends a signed-out visitor of another member page to the sign-in page', async () => {
    stubFetch({
      'GET /api/m/zen': { body: me.studio },
      'GET /api/m/zen/me': () => apiError(401, 'unauthorized', 'Sign in first.'),
    });
    const { router } = renderPortal('/m/zen/bookings');
    expect(await screen.findByRole('heading', { name: 'Sign in to Studio Zen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m/zen');
  });

  it('goes to the sign-in page after signing out on the schedule', async () => {
    let signedIn = true;
    stubFetch({
      'GET /api/m/zen': { body: me.studio },
      'GET /api/m/zen/me': () =>
        signedIn ? json(me) : apiError(401, 'unauthorized', 'Sign in first.'),
      'GET /api/m/zen/schedule?from=2099-12-07': { body: week },
      'POST /api/m/zen/sign-out': () => {
        signedIn = false;
        return json(null, 204);
      },
    });
    const { router } = renderPortal('/m/zen/schedule?from=2099-12-07');
    fireEvent.click(await screen.findByRole('button', { name: /Account/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Studio Zen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m/zen');
  });
});
