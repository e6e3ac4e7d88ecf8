import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { MemberBookings } from './bookings-list';

// Any request but the member's bookings fails the test (mockApi's unhandled-request check).
const api = mockApi();

afterEach(() => {
  cleanup();
});

function renderList(bookings: unknown[]) {
  api.use(http.get('/api/members/m1/bookings', () => Response.json({ bookings })));
  renderWithProviders(<MemberBookings memberId="m1" timeZone="Europe/Berlin" />);
}

describe('MemberBookings', () => {
  it('lists each booking with its session, studio-local time, trainer and status', async () => {
    renderList([
      {
        id: 'b2',
        status: 'late_cancelled',
        checkedInAt: null,
        session: {
          id: 's2',
          name: 'Spin',
          startsAt: '2025-03-04T17:30:00.000Z',
          endsAt: '2025-03-04T18:15:00.000Z',
          trainerName: null,
        },
      },
      {
        id: 'b1',
        status: 'attended',
        checkedInAt: '2025-03-03T06:58:00.000Z',
        session: {
          id: 's1',
          name: 'Morning Yoga',
          startsAt: '2025-03-03T06:00:00.000Z',
          endsAt: '2025-03-03T07:00:00.000Z',
          trainerName: 'Alex Kim',
        },
      },
    ]);
    const items = within(await screen.findByRole('list', { name: 'Bookings' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    within(items[0]!).getByText('Late cancel');
    // Berlin is UTC+1 in March: 17:30 UTC is 6:30 PM at the studio.
    within(items[0]!).getByText('Tue, Mar 4, 2025, 6:30 PM');
    within(items[1]!).getByText('Attended');
    within(items[1]!).getByText(/with Alex Kim/);
  });

  it('says so when the member has no bookings', async () => {
    renderList([]);
    await screen.findByText('No bookings yet');
  });
});
