import type { Roster, RosterEntry } from '@fitbase/domain/contracts/bookings';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { studioMe } from '@/test/studio-me';
import { renderWithProviders } from '@/test/render';
import { SessionRoster } from './session-roster';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const HOUR = 3_600_000;

const me = (role: 'owner' | 'staff' = 'staff') =>
  studioMe(role, 'desk@example.com', { timeZone: 'America/New_York', fullName: 'Desk' });

let seq = 0;
function entry(
  firstName: string,
  status: RosterEntry['status'],
  extra: Partial<RosterEntry> = {},
): RosterEntry {
  seq += 1;
  return {
    id: `b-${firstName.toLowerCase()}`,
    status,
    waitlistPosition: null,
    checkedInAt: null,
    createdAt: new Date(2025, 0, 1, 0, seq).toISOString(),
    member: {
      id: `m-${firstName.toLowerCase()}`,
      firstName,
      lastName: 'Doe',
      email: `${firstName.toLowerCase()}@example.com`,
      membershipStatus: 'active',
    },
    ...extra,
  };
}

function roster(
  startsInMs: number,
  bookings: RosterEntry[],
  extra: Partial<Roster['session']> = {},
) {
  const startsAt = new Date(Date.now() + startsInMs);
  return {
    session: {
      id: 's1',
      kind: 'class',
      classId: 'c1',
      serviceId: null,
      name: 'Morning Yoga',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
      capacity: 2,
      bookedCount: bookings.filter((b) => ['booked', 'attended', 'no_show'].includes(b.status))
        .length,
      waitlistCount: bookings.filter((b) => b.status === 'waitlisted').length,
      color: '#3b82f6',
      status: 'scheduled',
      detached: false,
      trainer: null,
      facility: null,
      ...extra,
    },
    bookings,
  } satisfies Roster;
}

const api = mockApi();
const requests = api.requests;

function json(body: unknown, status = 200) {
  return Response.json(body, { status });
}

function booking(id: string, status: RosterEntry['status']) {
  return {
    id,
    sessionId: 's1',
    memberId: 'm',
    status,
    waitlistPosition: null,
    checkedInAt: null,
    startsAt: new Date().toISOString(),
    endsAt: new Date().toISOString(),
  };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderRoster(role: 'owner' | 'staff' = 'staff') {
  return renderWithProviders(<SessionRoster sessionId="s1" />, { me: me(role), router: true });
}

const list = (name: RegExp) => screen.findByRole('list', { name });

describe('SessionRoster', () => {
  it('lists booked members, the waitlist in order and cancellations, each with its status', async () => {
    api.answer({
      'GET /api/sessions/s1/roster': () =>
        json(
          roster(-HOUR / 2, [
            entry('Ann', 'attended', { checkedInAt: '2025-03-03T12:05:00.000Z' }),
            entry('Bob', 'booked', {
              member: { ...entry('Bob', 'booked').member, membershipStatus: 'suspended' },
            }),
            entry('Dee', 'waitlisted', { waitlistPosition: 2 }),
            entry('Cat', 'waitlisted', { waitlistPosition: 1 }),
            entry('Eve', 'late_cancelled'),
          ]),
        ),
    });
    renderRoster();
    const booked = within(await list(/^Booked \(2\)/));
    booked.getByText('Attended');
    booked.getByText('Booked');
    // Times show in the studio's time zone (New York: 12:05 UTC is 7:05 AM).
    booked.getByText('7:05 AM');
    booked.getByText('Membership: Suspended');
    booked.getByRole('button', { name: 'Check in Bob Doe' });
    booked.getByRole('button', { name: 'Undo check-in of Ann Doe' });
    expect(booked.queryByRole('button', { name: /Check in Ann/ })).toBeNull();

    const waitlist = within(await list(/^Waitlist \(2\)/));
    const names = waitlist.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Cat Doe', 'Dee Doe']);
    waitlist.getByText('#1');
    expect(waitlist.getAllByText('Waitlisted')).toHaveLength(2);

    const cancelled = within(await list(/^Cancelled \(1\)/));
    cancelled.getByText('Late cancel');
    expect(cancelled.queryAllByRole('button')).toHaveLength(0);
    screen.getByRole('button', { name: 'Close attendance' });
  });

  it('says so when nobody is booked, and offers no Close attendance before the start', async () => {
    api.answer({ 'GET /api/sessions/s1/roster': () => json(roster(2 * HOUR, [])) });
    renderRoster();
    await screen.findByText('No one is booked yet');
    screen.getByText('No one is waiting');
    screen.getByRole('button', { name: 'Book member' });
    expect(screen.queryByRole('button', { name: 'Close attendance' })).toBeNull();
  });

  it('checks in with one click, and asks first when the membership is not active', async () => {
    let attempts = 0;
    api.answer({
      'GET /api/sessions/s1/roster': () => json(roster(-HOUR / 4, [entry('Bob', 'booked')])),
      'POST /api/bookings/b-bob/check-in': () => {
        attempts += 1;
        return attempts === 1
          ? json(
              {
                error: {
                  code: 'membership_not_active',
                  message: "Bob Doe's membership is suspended. Check in anyway?",
                },
              },
              409,
            )
          : json(booking('b-bob', 'attended'));
      },
    });
    renderRoster();
    fireEvent.click(await screen.findByRole('button', { name: 'Check in Bob Doe' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText("Bob Doe's membership is suspended. Check in anyway?");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Check in anyway' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Bob Doe checked in'));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.body)).toEqual([{}, { confirm: true }]);
  });

  it('says whether a cancel was late', async () => {
    api.answer({
      'GET /api/sessions/s1/roster': () => json(roster(HOUR, [entry('Bob', 'booked')])),
      'POST /api/bookings/b-bob/cancel': () => json(booking('b-bob', 'late_cancelled')),
    });
    renderRoster();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking of Bob Doe' }));
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Booking cancelled: late cancel', {
        description: 'Bob Doe cancelled inside the late-cancel window',
      }),
    );
  });

  it('closes attendance after the start and reports the no-shows', async () => {
    api.answer({
      'GET /api/sessions/s1/roster': () =>
        json(roster(-HOUR, [entry('Ann', 'attended'), entry('Bob', 'booked')])),
      'POST /api/sessions/s1/close': () => json({ noShows: 1 }),
    });
    renderRoster();
    fireEvent.click(await screen.findByRole('button', { name: 'Close attendance' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(/1 member is booked but not checked in/);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close attendance' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('1 marked no-show'));
  });

  it('offers no actions on a closed or a cancelled session', async () => {
    api.answer({
      'GET /api/sessions/s1/roster': () =>
        json(roster(-2 * HOUR, [entry('Ann', 'attended'), entry('Bob', 'no_show')])),
    });
    const { unmount } = renderRoster();
    await screen.findByText('Attendance is closed for this session.');
    screen.getByText('No-show');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    unmount();

    api.answer({
      'GET /api/sessions/s1/roster': () =>
        json(roster(HOUR, [entry('Eve', 'cancelled')], { status: 'cancelled' })),
    });
    renderRoster();
    await screen.findByText(/This session was cancelled/);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('books a member from the search picker and says when they joined the waitlist', async () => {
    // Radix Select needs these browser APIs, which jsdom lacks.
    Element.prototype.hasPointerCapture ??= () => false;
    Element.prototype.scrollIntoView ??= () => undefined;
    api.answer({
      'GET /api/sessions/s1/roster': () =>
        json(roster(HOUR, [entry('Ann', 'booked'), entry('Bob', 'booked')])),
      'GET /api/members': (request) => {
        const search = new URL(request.url).searchParams.get('search');
        const all = [entry('Ann', 'booked').member, entry('Zoe', 'booked').member];
        return json({
          items: all.filter((m) => !search || m.firstName.toLowerCase().includes(search)),
          nextCursor: null,
        });
      },
      'POST /api/sessions/s1/bookings': () =>
        json({ ...booking('b-zoe', 'waitlisted'), waitlistPosition: 3 }, 201),
    });
    renderRoster();
    fireEvent.click(await screen.findByRole('button', { name: 'Book member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book member' });
    fireEvent.change(within(dialog).getByLabelText('Search members'), { target: { value: 'zo' } });
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/members' && r.method === 'GET')).toBe(true),
    );
    const picker = within(dialog).getByRole('combobox', { name: 'Member' });
    fireEvent.keyDown(picker, { key: 'Enter' });
    const options = await screen.findAllByRole('option');
    // Ann holds a place already: only Zoe is offered.
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose a member',
      'Zoe Doe · zoe@example.com',
    ]);
    fireEvent.keyDown(options[1]!, { key: 'Enter' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Book' }));
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Added to the waitlist (position 3)', {
        description: 'Zoe Doe',
      }),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ memberId: 'm-zoe' });
  });

  it('says when the session does not exist', async () => {
    api.answer({
      'GET /api/sessions/s1/roster': () =>
        json({ error: { code: 'not_found', message: 'No route' } }, 404),
    });
    renderRoster();
    expect((await screen.findByRole('alert')).textContent).toBe('Session not found');
  });
});
