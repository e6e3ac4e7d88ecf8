import type { PortalProfile } from '@fitbase/domain/contracts/portal';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderPortal, stubFetch } from '../test/render-portal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile: PortalProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '555-0100',
  addressLine1: '12 St James Square',
  addressLine2: null,
  city: 'London',
  state: null,
  postalCode: 'SW1Y 4JH',
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

const section = (name: string) =>
  screen.getByRole('heading', { name, level: 2 }).closest('section') as HTMLElement;

describe('portal profile', () => {
  it('saves the details; a field error shows beside its field', async () => {
    const bodies: unknown[] = [];
    const fetchMock = stubFetch({
      ...base,
      'PATCH /api/m/zen/profile': (init) => {
        const body = JSON.parse(String(init.body)) as Record<string, string>;
        bodies.push(body);
        if (bodies.length === 1)
          return json(
            {
              error: {
                code: 'validation_error',
                message: 'Phone is at most 40 characters',
                fields: { phone: 'Phone is at most 40 characters' },
              },
            },
            400,
          );
        return json({ ...profile, ...body, emergencyContactName: body.emergencyContactName });
      },
    });
    renderPortal('/m/zen/profile');

    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe('ada@example.com');
    screen.getByText('Ask the studio to change your sign-in email.');

    const contact = section('Contact details');
    fireEvent.change(within(contact).getByLabelText('Phone'), {
      target: { value: '5'.repeat(41) },
    });
    const emergency = section('Emergency contact');
    fireEvent.change(within(emergency).getByLabelText('Name'), {
      target: { value: 'Mary Somerville' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const phone = within(contact).getByLabelText('Phone');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Phone is at most 40 characters',
    );
    expect(bodies[0]).toMatchObject({
      firstName: 'Ada',
      phone: '5'.repeat(41),
      addressLine2: '',
      emergencyContactName: 'Mary Somerville',
    });
    expect(bodies[0]).not.toHaveProperty('email');
    expect(bodies[0]).not.toHaveProperty('marketingConsent');

    fireEvent.change(phone, { target: { value: '555-0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved.')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(2);
  });

  it('saves each notification switch at once; offers by push need the email consent', async () => {
    const bodies: unknown[] = [];
    let saved = profile;
    stubFetch({
      ...base,
      'PATCH /api/m/zen/profile': (init) => {
        const body = JSON.parse(String(init.body)) as Partial<PortalProfile>;
        bodies.push(body);
        saved = { ...saved, ...body };
        return json(saved);
      },
    });
    renderPortal('/m/zen/profile');

    const kind = async (name: string) => within(await screen.findByRole('group', { name }));
    const reminders = await kind('Reminders');
    const offers = await kind('News and offers');
    const pushOffers = offers.getByRole('switch', { name: 'By push' }) as HTMLInputElement;
    expect(pushOffers.disabled).toBe(true);
    screen.getByText('News and offers from Studio Zen. Turn on email to get them by push too.');
    screen.getByText('Booking and account emails are always sent.');
    // No service worker in this browser: push cannot be turned on here.
    screen.getByText('Push notifications are not available in this browser.');
    expect(screen.queryByRole('button', { name: 'Turn on push notifications' })).toBeNull();

    const emailReminders = reminders.getByRole('switch', { name: 'By email' }) as HTMLInputElement;
    expect(emailReminders.checked).toBe(true);
    fireEvent.click(emailReminders);
    expect(await screen.findByText('Preferences saved.')).toBeTruthy();
    await waitFor(() => expect(emailReminders.checked).toBe(false));
    fireEvent.click(offers.getByRole('switch', { name: 'By email' }));
    await waitFor(() => expect(pushOffers.disabled).toBe(false));
    fireEvent.click(pushOffers);
    await waitFor(() => expect(pushOffers.checked).toBe(true));
    expect(bodies).toEqual([
      { emailReminders: false },
      { marketingConsent: true },
      { pushMarketing: true },
    ]);
  });

  it('offers the member their own data as a download', async () => {
    stubFetch(base);
    renderPortal('/m/zen/profile');
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/m/zen/my-data');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('draws the check-in code and makes a new one after a confirmation', async () => {
    let code = 'first-code';
    const fetchMock = stubFetch({
      ...base,
      'GET /api/m/zen/check-in-code': () => json({ code }),
      'POST /api/m/zen/check-in-code/rotate': () => {
        code = 'second-code';
        return json({ code });
      },
    });
    renderPortal('/m/zen/profile');

    const qr = await screen.findByRole('img', { name: 'My check-in code' });
    const first = qr.getAttribute('src');
    expect(first).toMatch(/^data:image\/svg\+xml/);
    screen.getByText("Show this at the studio's check-in kiosk.");

    fireEvent.click(screen.getByRole('button', { name: 'New code' }));
    screen.getByText('Your old code will stop working.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep this code' }));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/rotate'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'New code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make a new code' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'My check-in code' }).getAttribute('src')).not.toBe(
        first,
      ),
    );
    expect(screen.queryByText('Your old code will stop working.')).toBeNull();
    const rotated = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/rotate'));
    expect(rotated).toHaveLength(1);
    expect(rotated[0]?.[1]?.method).toBe('POST');
  });

  it('adds a card with its last four, brand and expiry only', async () => {
    const bodies: string[] = [];
    let cards: unknown[] = [];
    stubFetch({
      ...base,
      'GET /api/m/zen/cards': () => json({ cards }),
      'POST /api/m/zen/cards': (init) => {
        bodies.push(String(init.body));
        const card = {
          id: 'card-1',
          cardBrand: 'amex',
          cardLastFour: '0005',
          cardExpMonth: 4,
          cardExpYear: 2031,
          isDefault: true,
        };
        cards = [card];
        return json(card, 201);
      },
    });
    renderPortal('/m/zen/profile');

    await screen.findByText('No card on file.');
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    const form = screen.getByRole('form', { name: 'Add card' });
    fireEvent.change(within(form).getByLabelText('Card number'), {
      target: { value: '3782 822463 10005' },
    });
    fireEvent.change(within(form).getByLabelText('Expiry (MM/YY)'), {
      target: { value: '4/31' },
    });
    fireEvent.change(within(form).getByLabelText('Name on card'), {
      target: { value: 'Ada Lovelace' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));

    expect(
      await screen.findByText('American Express •••• 0005, expires 04/2031 added.'),
    ).toBeTruthy();
    expect(await screen.findByText('American Express •••• 0005, expires 04/2031')).toBeTruthy();
    expect(JSON.parse(bodies[0]!)).toEqual({
      cardLastFour: '0005',
      cardBrand: 'amex',
      cardExpMonth: 4,
      cardExpYear: 2031,
      billingName: 'Ada Lovelace',
      isDefault: false,
    });
    expect(bodies[0]).not.toContain('378282246310005');
    expect(screen.queryByRole('form', { name: 'Add card' })).toBeNull();
  });

  it('makes a card the default, and removes one after naming it', async () => {
    const visa = {
      id: 'card-1',
      cardBrand: 'visa',
      cardLastFour: '4242',
      cardExpMonth: 12,
      cardExpYear: 2030,
      isDefault: true,
    };
    const mastercard = {
      ...visa,
      id: 'card-2',
      cardBrand: 'mastercard',
      cardLastFour: '5555',
      isDefault: false,
    };
    const calls: string[] = [];
    stubFetch({
      ...base,
      'GET /api/m/zen/cards': { body: { cards: [visa, mastercard] } },
      'POST /api/m/zen/cards/card-2/default': () => {
        calls.push('default card-2');
        return json({
          cards: [
            { ...mastercard, isDefault: true },
            { ...visa, isDefault: false },
          ],
        });
      },
      'DELETE /api/m/zen/cards/card-1': () => {
        calls.push('remove card-1');
        return json({ cards: [{ ...mastercard, isDefault: true }] });
      },
    });
    renderPortal('/m/zen/profile');
    const cards = await waitFor(() => section('Cards on file'));
    fireEvent.click(await within(cards).findByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(calls).toEqual(['default card-2']));
    fireEvent.click((await within(cards).findAllByRole('button', { name: 'Remove' }))[1]!);
    within(cards).getByText(/^Remove Visa/);
    fireEvent.click(within(cards).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(calls).toEqual(['default card-2', 'remove card-1']));
    await waitFor(() => expect(within(cards).queryByText(/4242/)).toBeNull());
  });
});
