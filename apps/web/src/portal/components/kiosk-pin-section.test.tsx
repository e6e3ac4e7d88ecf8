import type { PortalKioskAccess } from '@fitbase/domain/contracts/kiosk';
import type { PortalProfile } from '@fitbase/domain/contracts/portal';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderPortal, stubFetch } from '../test/render-portal';

// docs/product/kiosk.md#checking-in: the member's own way in at the kiosk without a QR code.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile: PortalProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '555-0100',
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

const base = {
  'GET /api/m/zen/me': { body: me },
  'GET /api/m/zen/profile': { body: profile },
  'GET /api/m/zen/cards': { body: { cards: [] } },
  'GET /api/m/zen/check-in-code': { body: { code: 'first-code' } },
};

const pinMode: PortalKioskAccess = {
  identifyBy: 'phone_and_pin',
  memberNumber: 42,
  hasPin: false,
  phoneOnFile: true,
};

const section = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 2 })).closest('section') as HTMLElement;

describe('Kiosk PIN', () => {
  it('sets a 4-digit PIN, then removes it', async () => {
    let access = pinMode;
    const bodies: unknown[] = [];
    stubFetch({
      ...base,
      'GET /api/m/zen/kiosk-pin': () => json(access),
      'PUT /api/m/zen/kiosk-pin': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        access = { ...access, hasPin: true };
        return json(access);
      },
      'DELETE /api/m/zen/kiosk-pin': () => {
        access = { ...access, hasPin: false };
        return json(access);
      },
    });
    renderPortal('/m/zen/profile');

    const kiosk = await section('Kiosk PIN');
    expect(
      await within(kiosk).findByText(
        "At the studio's kiosk, type the last 4 digits of your phone and this PIN.",
      ),
    ).toBeTruthy();
    within(kiosk).getByText('You have no PIN yet.');
    expect(within(kiosk).queryByRole('button', { name: 'Remove PIN' })).toBeNull();

    // Three digits are refused here; letters never reach the field.
    const field = within(kiosk).getByLabelText('PIN') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '12a3' } });
    expect(field.value).toBe('123');
    fireEvent.click(within(kiosk).getByRole('button', { name: 'Save PIN' }));
    expect(await within(kiosk).findByText('Enter 4 digits')).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(field, { target: { value: '4321' } });
    fireEvent.click(within(kiosk).getByRole('button', { name: 'Save PIN' }));
    expect(await within(kiosk).findByText('Your PIN is set.')).toBeTruthy();
    expect(bodies).toEqual([{ pin: '4321' }]);
    expect((within(kiosk).getByLabelText('New PIN') as HTMLInputElement).value).toBe('');

    fireEvent.click(within(kiosk).getByRole('button', { name: 'Remove PIN' }));
    expect(await within(kiosk).findByText('You have no PIN yet.')).toBeTruthy();
    expect(within(kiosk).queryByRole('button', { name: 'Remove PIN' })).toBeNull();

    // The member number also shows with the check-in code.
    const code = await section('My check-in code');
    expect(within(code).getByText('42')).toBeTruthy();
  });

  it('sends a member without a phone to add one, and shows the server refusal beside the PIN', async () => {
    stubFetch({
      ...base,
      'GET /api/m/zen/kiosk-pin': { body: { ...pinMode, phoneOnFile: false } },
    });
    renderPortal('/m/zen/profile');
    const kiosk = await section('Kiosk PIN');
    expect(await within(kiosk).findByText(/You have no phone number on file/)).toBeTruthy();
    expect(within(kiosk).queryByRole('button', { name: 'Save PIN' })).toBeNull();
    cleanup();

    // The phone was removed elsewhere meanwhile: the server's message for the PIN is shown.
    stubFetch({
      ...base,
      'GET /api/m/zen/kiosk-pin': { body: pinMode },
      'PUT /api/m/zen/kiosk-pin': () =>
        json(
          {
            error: {
              code: 'validation_error',
              message: 'Add a phone number to your profile first',
              fields: { pin: 'Add a phone number to your profile first' },
            },
          },
          400,
        ),
    });
    renderPortal('/m/zen/profile');
    const again = await section('Kiosk PIN');
    fireEvent.change(await within(again).findByLabelText('PIN'), { target: { value: '1234' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save PIN' }));
    const error = await within(again).findByText('Add a phone number to your profile first');
    expect(within(again).getByLabelText('PIN').getAttribute('aria-describedby')).toBe(error.id);
  });

  it('shows the member number when the studio identifies members by number', async () => {
    stubFetch({
      ...base,
      'GET /api/m/zen/kiosk-pin': { body: { ...pinMode, identifyBy: 'member_number' } },
    });
    renderPortal('/m/zen/profile');
    const kiosk = await section('Kiosk member number');
    expect(kiosk.textContent).toContain('Your member number: 42');
    expect(within(kiosk).queryByLabelText('PIN')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Kiosk PIN' })).toBeNull();
  });

  it('refreshes the kiosk access after the phone changes (a new phone can clear the PIN)', async () => {
    let reads = 0;
    stubFetch({
      ...base,
      'GET /api/m/zen/kiosk-pin': () => {
        reads += 1;
        return json(reads === 1 ? { ...pinMode, hasPin: true } : pinMode);
      },
      'PATCH /api/m/zen/profile': (init) =>
        json({ ...profile, ...(JSON.parse(String(init.body)) as Partial<PortalProfile>) }),
    });
    renderPortal('/m/zen/profile');
    const kiosk = await section('Kiosk PIN');
    expect(await within(kiosk).findByText('Your PIN is set.')).toBeTruthy();
    const contact = await section('Contact details');
    fireEvent.change(within(contact).getByLabelText('Phone'), { target: { value: '555-0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(kiosk).getByText('You have no PIN yet.')).toBeTruthy());
  });
});
