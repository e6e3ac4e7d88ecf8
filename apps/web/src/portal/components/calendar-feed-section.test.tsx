import type { PortalKioskAccess } from '@fitbase/domain/contracts/kiosk';
import type { PortalProfile } from '@fitbase/domain/contracts/portal';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderPortal, stubFetch } from '../test/render-portal';

// docs/product/integrations.md#calendar-feeds: the member's bookings in their calendar app.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile: PortalProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  postalCode: null,
  emergencyContactName: null,
  emergencyContactPhone: null,
  emergencyContactRelationship: null,
  marketingConsent: false,
  emailReminders: true,
  pushReminders: true,
  pushMarketing: false,
};

const access: PortalKioskAccess = {
  identifyBy: 'member_number',
  memberNumber: 7,
  hasPin: false,
  phoneOnFile: false,
};

const FIRST = 'https://gym.example/api/public/calendar/Zmlyc3Q.AAAA.ics';
const SECOND = 'https://gym.example/api/public/calendar/c2Vjb25k.BBBB.ics';

describe('Calendar feed', () => {
  it('shows the link, copies it, and rotates it only once confirmed', async () => {
    let url = FIRST;
    let rotations = 0;
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/profile': { body: profile },
      'GET /api/m/zen/cards': { body: { cards: [] } },
      'GET /api/m/zen/check-in-code': { body: { code: 'first-code' } },
      'GET /api/m/zen/kiosk-pin': { body: access },
      'GET /api/m/zen/calendar-feed': () => json({ url, rotatedAt: null }),
      'POST /api/m/zen/calendar-feed/rotate': () => {
        rotations += 1;
        url = SECOND;
        return json({ url, rotatedAt: '2026-11-29T10:00:00.000Z' });
      },
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPortal('/m/zen/profile');
    const section = (
      await screen.findByRole('heading', { name: 'Calendar feed', level: 2 })
    ).closest('section') as HTMLElement;
    const link = await within(section).findByLabelText('Calendar link');
    await waitFor(() => expect((link as HTMLInputElement).value).toBe(FIRST));

    fireEvent.click(within(section).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FIRST));
    expect(await screen.findByText('Link copied.')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Rotate link' }));
    expect(
      within(section).getByText('Calendars subscribed to the old link will stop updating.'),
    ).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Keep this link' }));
    expect(rotations).toBe(0);
    fireEvent.click(within(section).getByRole('button', { name: 'Rotate link' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect((link as HTMLInputElement).value).toBe(SECOND));
    expect(rotations).toBe(1);
  });
});
