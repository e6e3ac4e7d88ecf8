import type { PortalBooking } from '@fitbase/domain/contracts/portal';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderPortal, stubFetch } from '../test/render-portal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const yoga: PortalBooking = {
  id: 'b-yoga',
  sessionId: 's-yoga',
  sessionName: 'Yoga',
  startsAt: '2099-12-08T17:00:00Z',
  endsAt: '2099-12-08T18:00:00Z',
  trainerName: 'Grace',
  room: 'Studio 1',
  status: 'booked',
  waitlistPosition: null,
  checkedInAt: null,
};
const spin: PortalBooking = {
  ...yoga,
  id: 'b-spin',
  sessionId: 's-spin',
  sessionName: 'Spin',
  status: 'waitlisted',
  waitlistPosition: 2,
};
const past: PortalBooking[] = [
  {
    ...yoga,
    id: 'p-1',
    sessionName: 'Pilates',
    startsAt: '2020-01-07T09:00:00Z',
    endsAt: '2020-01-07T10:00:00Z',
    status: 'attended',
  },
  {
    ...yoga,
    id: 'p-2',
    sessionName: 'Boxing',
    startsAt: '2020-01-06T09:00:00Z',
    endsAt: '2020-01-06T10:00:00Z',
    status: 'late_cancelled',
  },
];
const TERMS = 'Cancelling now is a late cancel: the class credit is kept.';

describe('portal bookings', () => {
  it('lists upcoming and past bookings', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/bookings': { body: { upcoming: [yoga, spin], past } },
    });
    renderPortal('/m/zen/bookings');

    const upcoming = (await screen.findByRole('heading', { name: 'Upcoming' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(upcoming).getByText('Yoga')).toBeTruthy();
    expect(within(upcoming).getByText('Waitlist #2')).toBeTruthy();
    expect(within(upcoming).getAllByRole('button', { name: 'Cancel booking' })).toHaveLength(2);
    const pastList = screen
      .getByRole('heading', { name: 'Past' })
      .closest('section') as HTMLElement;
    expect(within(pastList).getByText('Attended')).toBeTruthy();
    expect(within(pastList).getByText('Late cancel')).toBeTruthy();
    expect(within(pastList).queryByRole('button')).toBeNull();
  });

  it('states the cancel terms before cancelling, then cancels', async () => {
    const cancelled = { ...yoga, status: 'late_cancelled' as const };
    let list = { upcoming: [yoga], past: [] as PortalBooking[] };
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/bookings': () => json(list),
      'GET /api/m/zen/bookings/b-yoga/cancel-terms': { body: { late: true, message: TERMS } },
      'POST /api/m/zen/bookings/b-yoga/cancel': () => {
        list = { upcoming: [], past: [cancelled] };
        return json(cancelled);
      },
    });
    renderPortal('/m/zen/bookings');

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel booking?' });
    expect(within(dialog).getByText(TERMS)).toBeTruthy();

    within(dialog).getByRole('button', { name: 'Keep booking' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('Booking cancelled.')).toBeTruthy();
    expect(await screen.findByText('No upcoming bookings.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const cancelCall = fetchMock.mock.calls.find(
      ([url]) => url === '/api/m/zen/bookings/b-yoga/cancel',
    );
    expect(cancelCall?.[1]?.method).toBe('POST');
  });

  it('keeps the booking when the member changes their mind', async () => {
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/bookings': { body: { upcoming: [yoga], past: [] } },
      'GET /api/m/zen/bookings/b-yoga/cancel-terms': {
        body: { late: false, message: 'Free cancellation until Tue, Dec 8, 6:00 AM.' },
      },
    });
    renderPortal('/m/zen/bookings');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Free cancellation until Tue, Dec 8, 6:00 AM.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/cancel'))).toBe(false);
    expect(screen.getByText('No past visits yet.')).toBeTruthy();
  });
});
