import type { PortalBooking, PortalWeek } from '@fitbase/domain/contracts/portal';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderPortal, stubFetch } from '../test/render-portal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const kidsYoga: PortalBooking = {
  id: 'b-kid',
  sessionId: 's-yoga',
  sessionName: 'Kids Yoga',
  startsAt: '2099-12-08T15:00:00Z',
  endsAt: '2099-12-08T16:00:00Z',
  trainerName: null,
  room: null,
  status: 'booked',
  waitlistPosition: null,
  checkedInAt: null,
};
const week: PortalWeek = {
  timeZone: 'Europe/Berlin',
  from: '2099-12-07',
  to: '2099-12-13',
  sessions: [
    {
      id: 's-swim',
      name: 'Swim',
      startsAt: '2099-12-09T15:00:00Z',
      endsAt: '2099-12-09T16:00:00Z',
      trainerName: null,
      room: null,
      capacity: 10,
      placesLeft: 5,
      waitlistCount: 0,
      status: 'scheduled',
      myBooking: null,
      myCost: null,
    },
  ],
};
const household = (isPayer: boolean) => ({
  household: {
    name: 'Lovelace household',
    isPayer,
    members: [
      { id: 'mem-1', firstName: 'Ada', lastName: 'Lovelace', isPayer, isMe: true },
      { id: 'mem-2', firstName: 'Byron', lastName: 'Lovelace', isPayer: !isPayer, isMe: false },
    ],
  },
});

describe('the household on My bookings', () => {
  it("shows the payer each member's bookings and books a class for them", async () => {
    let booked: unknown = null;
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/bookings': { body: { upcoming: [], past: [] } },
      'GET /api/m/zen/household': { body: household(true) },
      'GET /api/m/zen/dependents/mem-2/bookings': { body: { upcoming: [kidsYoga], past: [] } },
      'GET /api/m/zen/schedule': { body: week },
      'POST /api/m/zen/dependents/mem-2/book': (init) => {
        booked = JSON.parse(init.body ?? 'null');
        return json({ ...kidsYoga, id: 'b-swim', sessionId: 's-swim', sessionName: 'Swim' }, 201);
      },
    });
    renderPortal('/m/zen/bookings');
    const section = (await screen.findByRole('heading', { name: 'Household' })).closest('section')!;
    within(section).getByRole('heading', { name: 'Byron Lovelace' });
    const list = await within(section).findByRole('list', { name: "Byron Lovelace's bookings" });
    within(list).getByText('Kids Yoga');
    const select = await within(section).findByLabelText('Book a class for Byron');
    fireEvent.change(select, { target: { value: 's-swim' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(booked).toEqual({ sessionId: 's-swim' }));
  });

  it('shows nothing to a member who does not pay for the household', async () => {
    const { mock } = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/bookings': { body: { upcoming: [], past: [] } },
      'GET /api/m/zen/household': { body: household(false) },
    });
    renderPortal('/m/zen/bookings');
    await screen.findByRole('heading', { name: 'Upcoming' });
    await waitFor(() =>
      expect(mock.calls.map(([address]) => address)).toContain('/api/m/zen/household'),
    );
    // The answer has arrived and rendered: still no section, and no dependent was asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Household' })).toBeNull();
    expect(mock.calls.some(([address]) => address.includes('/dependents/'))).toBe(false);
  });
});
