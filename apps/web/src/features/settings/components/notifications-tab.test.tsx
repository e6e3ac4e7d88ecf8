import type { NotificationPreferences } from '@fitbase/domain/contracts/notifications';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { studioMe } from '@/test/studio-me';
import { renderWithProviders } from '@/test/render';
import { NotificationsTab } from './notifications-tab';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

// docs/product/settings-and-help.md#notifications: each switch saves the person's choice at once.

const PREFS: NotificationPreferences = {
  emailEvents: ['new_lead', 'daily_summary'],
  bellEvents: ['new_member', 'new_lead'],
  availableEvents: ['new_member', 'new_lead', 'booking_cancelled', 'daily_summary'],
  customised: false,
};

let puts: unknown[];
let failPut: boolean;

mockApi(
  http.get('/api/settings/notifications', () => Response.json(PREFS)),
  http.put('/api/settings/notifications', async ({ request }) => {
    if (failPut)
      return Response.json(
        { error: { code: 'validation_error', message: 'Unknown event' } },
        { status: 400 },
      );
    const body = (await request.json()) as Pick<
      NotificationPreferences,
      'emailEvents' | 'bellEvents'
    >;
    puts.push(body);
    return Response.json({ ...PREFS, ...body, customised: true });
  }),
);

beforeEach(() => {
  puts = [];
  failPut = false;
});

afterEach(() => {
  cleanup();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

function renderTab() {
  renderWithProviders(<NotificationsTab />, { me: studioMe('trainer') });
}

const switchOf = (name: string) => screen.getByRole('switch', { name });

describe('NotificationsTab', () => {
  it('shows only the events this person can receive, with their current choices', async () => {
    renderTab();
    await screen.findByText('Booking cancellations');
    expect(screen.queryByText('New trial request')).toBeNull();
    expect(switchOf('New lead by email').getAttribute('aria-checked')).toBe('true');
    expect(switchOf('New member by email').getAttribute('aria-checked')).toBe('false');
    expect(switchOf('New member in the bell').getAttribute('aria-checked')).toBe('true');
    // The daily summary is an email only.
    expect(screen.queryByRole('switch', { name: 'Daily summary in the bell' })).toBeNull();
    screen.getByText('Email only');
  });

  it('saves one switch at once, keeping the other channel as it was', async () => {
    renderTab();
    await screen.findByText('Booking cancellations');
    await act(async () => {
      fireEvent.click(switchOf('Booking cancellations by email'));
    });
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      emailEvents: ['new_lead', 'daily_summary', 'booking_cancelled'],
      bellEvents: ['new_member', 'new_lead'],
    });
    await waitFor(() =>
      expect(switchOf('Booking cancellations by email').getAttribute('aria-checked')).toBe('true'),
    );
    expect(toast.success).toHaveBeenCalledWith('Notification settings saved');

    await act(async () => {
      fireEvent.click(switchOf('New lead in the bell'));
    });
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({
      emailEvents: ['new_lead', 'daily_summary', 'booking_cancelled'],
      bellEvents: ['new_member'],
    });
  });

  it('says so when a choice could not be saved, and keeps the switch as it was', async () => {
    failPut = true;
    renderTab();
    await screen.findByText('Booking cancellations');
    await act(async () => {
      fireEvent.click(switchOf('New member by email'));
    });
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(vi.mocked(toast.error).mock.calls[0]![0]).toBe(
      'Could not save your notification settings',
    );
    expect(switchOf('New member by email').getAttribute('aria-checked')).toBe('false');
  });
});
