import type { PortalCard, PortalOffer } from '@fitbase/domain/contracts/portal';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, me, renderPortal, studio, stubFetch } from '../test/render-portal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const gold: PortalOffer = {
  id: 'plan-gold',
  name: 'Gold Monthly',
  description: 'All classes, any time.',
  kind: 'membership',
  price: '89',
  signupFee: '25.00',
  billingInterval: 'month',
  credits: null,
  validityDays: null,
  minimumTermPeriods: 12,
  tax: null,
  dueNow: '114.00',
};
const pack: PortalOffer = {
  id: 'plan-pack',
  name: '10 Class Pack',
  description: null,
  kind: 'class_pack',
  price: '150.00',
  signupFee: '0.00',
  billingInterval: null,
  credits: 10,
  validityDays: 90,
  minimumTermPeriods: null,
  tax: null,
  dueNow: '150.00',
};
const visa: PortalCard = {
  id: '0b7c1f7e-4a52-4a52-9c1f-0b7c1f7e4a52',
  cardBrand: 'visa',
  cardLastFour: '4242',
  cardExpMonth: 12,
  cardExpYear: 2028,
  isDefault: true,
};
const master: PortalCard = {
  ...visa,
  id: '1c8d2a8f-5b63-4b63-8d2a-1c8d2a8f5b63',
  cardBrand: 'mastercard',
  cardLastFour: '4444',
  cardExpMonth: 3,
  cardExpYear: 2027,
  isDefault: false,
};
const BOUGHT = {
  membershipId: 'ms-9',
  planName: '10 Class Pack',
  message: '10 Class Pack is yours. We sent you a receipt.',
};

function offer(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('li') as HTMLElement;
}

describe('portal buy', () => {
  it('lists what the studio sells online with prices, fees and what each gives', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/offers': { body: { offers: [gold, pack] } },
    });
    renderPortal('/m/zen/buy');

    expect(await screen.findByRole('heading', { name: 'Buy', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy' }).getAttribute('aria-current')).toBe('page');
    const monthly = offer('Gold Monthly');
    within(monthly).getByText('$89.00 / month');
    within(monthly).getByText('+ $25.00 sign-up fee');
    within(monthly).getByText('All classes, any time.');
    within(monthly).getByText('Minimum term 12 months');
    within(monthly).getByRole('button', { name: 'Buy' });
    const classes = offer('10 Class Pack');
    within(classes).getByText('$150.00');
    within(classes).getByText('10 classes, valid 90 days');
    expect(within(classes).queryByText(/sign-up fee/)).toBeNull();
  });

  it('prices offers in the studio currency and locale (issue 33: a Berlin studio in euros)', async () => {
    stubFetch({
      'GET /api/m/zen': { body: { ...studio, currency: 'EUR', locale: 'de-DE' } },
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/offers': { body: { offers: [gold, pack] } },
    });
    renderPortal('/m/zen/buy');
    const monthly = await screen.findByRole('heading', { name: 'Gold Monthly' });
    const card = monthly.closest('li') as HTMLElement;
    // Intl separates the amount and the sign with a no-break space.
    await waitFor(() =>
      expect(card.textContent?.replace(/\u00a0/g, ' ')).toContain('89,00 € / month'),
    );
    expect(card.textContent?.replace(/\u00a0/g, ' ')).toContain('+ 25,00 € sign-up fee');
  });

  it('shows the tax beside the price and charges the total with tax added on top', async () => {
    const taxed: PortalOffer = {
      ...pack,
      id: 'plan-drop',
      name: 'Drop-in',
      kind: 'drop_in',
      price: '10.00',
      credits: null,
      validityDays: null,
      tax: { name: 'Sales tax', rate: '8.875', inclusive: false },
      dueNow: '10.89',
    };
    const vat: PortalOffer = {
      ...gold,
      signupFee: '0.00',
      tax: { name: 'VAT', rate: '19', inclusive: true },
      dueNow: '89.00',
    };
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/offers': { body: { offers: [taxed, vat] } },
      'GET /api/m/zen/cards': { body: { cards: [visa] } },
    });
    renderPortal('/m/zen/buy');
    const drop = (await screen.findByRole('heading', { name: 'Drop-in' })).closest('li')!;
    within(drop as HTMLElement).getByText('+ 8.875% Sales tax');
    within(offer('Gold Monthly')).getByText('incl. 19% VAT');
    fireEvent.click(within(drop as HTMLElement).getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Drop-in' });
    within(dialog).getByText(/\$10\.00 \(\+ 8\.875% Sales tax\)\./);
    within(dialog).getByRole('button', { name: 'Pay $10.89' });
  });

  it('says so when nothing is sold online', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/offers': { body: { offers: [] } },
    });
    renderPortal('/m/zen/buy');
    expect(await screen.findByText('Nothing is sold online yet. Ask the studio.')).toBeTruthy();
  });

  it('pays with the default card, announces the answer and shows the membership', async () => {
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/offers': { body: { offers: [gold, pack] } },
      'GET /api/m/zen/cards': { body: { cards: [master, visa] } },
      'POST /api/m/zen/offers/plan-gold/buy': { status: 201, body: BOUGHT },
      'GET /api/m/zen/memberships': {
        body: {
          memberships: [],
          pauseRules: { pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 },
        },
      },
    });
    const { router } = renderPortal('/m/zen/buy');

    fireEvent.click(within(await screen.findByRole('list')).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Buy Gold Monthly' });
    const chosen = (await within(dialog).findByRole('radio', {
      name: 'Visa •••• 4242, expires 12/2028',
    })) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    within(dialog).getByRole('radio', { name: 'Mastercard •••• 4444, expires 03/2027' });
    within(dialog).getByRole('radio', { name: 'Use a new card' });
    expect(within(dialog).queryByLabelText('Card number')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $114.00' }));

    expect(await screen.findByText(BOUGHT.message)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/zen/membership'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/buy'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ paymentMethodId: visa.id });
    expect(call?.[1]?.headers.get('Idempotency-Key')).toMatch(/\S{8,}/);
  });

  it('sends only the last four, the brand and the expiry of a new card; a decline shows in the dialog', async () => {
    const bodies: string[] = [];
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/offers': { body: { offers: [pack] } },
      'GET /api/m/zen/cards': { body: { cards: [] } },
      'POST /api/m/zen/offers/plan-pack/buy': (init) => {
        bodies.push(String(init.body));
        return apiError(409, 'card_declined', 'Your card was declined. Try another card.');
      },
    });
    renderPortal('/m/zen/buy');

    fireEvent.click(await screen.findByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 10 Class Pack' });
    // No card on file: a new card is the only choice.
    const fresh = (await within(dialog).findByRole('radio', {
      name: 'Use a new card',
    })) as HTMLInputElement;
    expect(fresh.checked).toBe(true);

    // Checked in the browser first.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $150.00' }));
    await within(dialog).findByText('Enter the card number (12 to 19 digits).');
    within(dialog).getByText('Enter the expiry as MM/YY.');
    within(dialog).getByText('Enter the name on the card.');
    expect(bodies).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Card number'), {
      target: { value: '4000 0000 0000 0002' },
    });
    fireEvent.change(within(dialog).getByLabelText('Expiry (MM/YY)'), {
      target: { value: '09/29' },
    });
    fireEvent.change(within(dialog).getByLabelText('Name on card'), {
      target: { value: ' Ada Lovelace ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $150.00' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined. Try another card.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0]!)).toEqual({
      card: {
        cardLastFour: '0002',
        cardBrand: 'visa',
        cardExpMonth: 9,
        cardExpYear: 2029,
        billingName: 'Ada Lovelace',
        isDefault: false,
      },
    });
    // The full number never leaves the browser.
    expect(bodies[0]).not.toContain('4000000000000002');
    expect(bodies[0]).not.toContain('4000 0000');
  });

  it('shows the server field errors beside the card fields', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/offers': { body: { offers: [pack] } },
      'GET /api/m/zen/cards': { body: { cards: [] } },
      'POST /api/m/zen/offers/plan-pack/buy': () =>
        json(
          {
            error: {
              code: 'validation_error',
              message: 'Card has expired',
              fields: { 'card.cardExpYear': 'Card has expired' },
            },
          },
          400,
        ),
    });
    renderPortal('/m/zen/buy');

    fireEvent.click(await screen.findByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 10 Class Pack' });
    await within(dialog).findByLabelText('Card number');
    fireEvent.change(within(dialog).getByLabelText('Card number'), {
      target: { value: '5555555555554444' },
    });
    fireEvent.change(within(dialog).getByLabelText('Expiry (MM/YY)'), {
      target: { value: '01/20' },
    });
    fireEvent.change(within(dialog).getByLabelText('Name on card'), {
      target: { value: 'Ada Lovelace' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $150.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Card has expired');
    const expiry = within(dialog).getByLabelText('Expiry (MM/YY)');
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(expiry.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Card has expired',
    );
  });

  it('sends a gift card code with the card on file', async () => {
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/offers': { body: { offers: [pack] } },
      'GET /api/m/zen/cards': { body: { cards: [visa] } },
      'POST /api/m/zen/gift-cards/balance': {
        body: { id: 'gc-1', lastFour: 'CCCC', balance: '20.00', currency: 'USD' },
      },
      'POST /api/m/zen/offers/plan-pack/buy': { status: 201, body: BOUGHT },
      'GET /api/m/zen/memberships': {
        body: {
          memberships: [],
          pauseRules: { pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 },
        },
      },
    });
    renderPortal('/m/zen/buy');
    await screen.findByRole('heading', { name: '10 Class Pack' });
    fireEvent.click(within(offer('10 Class Pack')).getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 10 Class Pack' });
    await within(dialog).findByRole('radio', { name: 'Visa •••• 4242, expires 12/2028' });
    fireEvent.change(within(dialog).getByLabelText('Gift card code (optional)'), {
      target: { value: ' k7qz-aaaa-bbbb-cccc ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $150.00' }));
    expect(await screen.findByText(BOUGHT.message)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/buy'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      paymentMethodId: visa.id,
      giftCardCode: 'k7qz-aaaa-bbbb-cccc',
    });
    // The balance was checked first: 20.00 of 150.00, so the card on file pays the rest.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/balance'))).toHaveLength(
      1,
    );
  });

  it('pays with a gift card alone when its balance covers the total: no card asked for', async () => {
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/offers': { body: { offers: [pack] } },
      'GET /api/m/zen/cards': { body: { cards: [] } },
      'POST /api/m/zen/gift-cards/balance': {
        body: { id: 'gc-1', lastFour: 'CCCC', balance: '200.00', currency: 'USD' },
      },
      'POST /api/m/zen/offers/plan-pack/buy': { status: 201, body: BOUGHT },
      'GET /api/m/zen/memberships': {
        body: {
          memberships: [],
          pauseRules: { pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 },
        },
      },
    });
    renderPortal('/m/zen/buy');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 10 Class Pack' });
    // No card on file: a new card is asked for, until the gift card is known to cover it all.
    await within(dialog).findByLabelText('Card number');
    fireEvent.change(within(dialog).getByLabelText('Gift card code (optional)'), {
      target: { value: 'K7QZ-AAAA-BBBB-CCCC' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check balance' }));
    await within(dialog).findByText(
      'The gift card ending CCCC has $200.00 left. It pays it all: no card needed.',
    );
    expect(within(dialog).queryByLabelText('Card number')).toBeNull();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $150.00' }));
    expect(await screen.findByText(BOUGHT.message)).toBeTruthy();
    const buys = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/buy'));
    expect(buys).toHaveLength(1);
    expect(JSON.parse(String(buys[0]![1]?.body))).toEqual({ giftCardCode: 'K7QZ-AAAA-BBBB-CCCC' });
    // Checked once: Pay did not ask again.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/balance'))).toHaveLength(
      1,
    );
  });

  it('checks a typed code on Pay and asks for a card when the gift card falls short', async () => {
    const bodies: string[] = [];
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/offers': { body: { offers: [pack] } },
      'GET /api/m/zen/cards': { body: { cards: [] } },
      'POST /api/m/zen/gift-cards/balance': {
        body: { id: 'gc-1', lastFour: 'CCCC', balance: '149.99', currency: 'USD' },
      },
      'POST /api/m/zen/offers/plan-pack/buy': (init) => {
        bodies.push(String(init.body));
        return apiError(409, 'card_declined', 'unexpected');
      },
    });
    renderPortal('/m/zen/buy');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 10 Class Pack' });
    await within(dialog).findByLabelText('Card number');
    fireEvent.change(within(dialog).getByLabelText('Gift card code (optional)'), {
      target: { value: 'K7QZ-AAAA-BBBB-CCCC' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $150.00' }));
    await within(dialog).findByText(/has \$149\.99 left\. Your card pays the rest\./);
    await within(dialog).findByText('Enter the card number (12 to 19 digits).');
    expect(bodies).toHaveLength(0);
  });
});
