import type { PortalCard } from '@fitbase/domain/contracts/portal';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, me, renderPortal, stubFetch } from '../test/render-portal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const visa: PortalCard = {
  id: '0b7c1f7e-4a52-4a52-9c1f-0b7c1f7e4a52',
  cardBrand: 'visa',
  cardLastFour: '4242',
  cardExpMonth: 12,
  cardExpYear: 2028,
  isDefault: true,
};

const base = {
  'GET /api/m/zen/me': { body: me },
  'GET /api/m/zen/offers': { body: { offers: [] } },
  'GET /api/m/zen/cards': { body: { cards: [visa] } },
};

async function giftForm() {
  return screen.findByRole('form', { name: 'Give a gift card' });
}

describe('portal gift cards', () => {
  it('buys a gift card with the default card and says where the code goes', async () => {
    const fetchMock = stubFetch({
      ...base,
      'POST /api/m/zen/gift-cards': {
        status: 201,
        body: { id: 'g1', lastFour: 'K7QZ', balance: '25.00', currency: 'USD' },
      },
    });
    renderPortal('/m/zen/buy');
    const form = await giftForm();
    await within(form).findByRole('option', { name: 'Visa •••• 4242, expires 12/2028' });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.change(within(form).getByLabelText('Recipient email'), {
      target: { value: 'friend@example.com' },
    });
    fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'Enjoy!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Buy gift card' }));
    expect(
      await screen.findByText('Your $25.00 gift card is on its way to friend@example.com.'),
    ).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/gift-cards'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      amount: '25.00',
      recipientEmail: 'friend@example.com',
      message: 'Enjoy!',
      paymentMethodId: visa.id,
    });
  });

  it('refuses a missing amount before asking, and shows a wrong code as the server says', async () => {
    const fetchMock = stubFetch({
      ...base,
      'POST /api/m/zen/gift-cards/balance': () =>
        apiError(404, 'not_found', 'No gift card has that code. Check the code and try again.'),
    });
    renderPortal('/m/zen/buy');
    const form = await giftForm();
    await within(form).findByRole('option', { name: 'Visa •••• 4242, expires 12/2028' });
    fireEvent.click(within(form).getByRole('button', { name: 'Buy gift card' }));
    expect(await within(form).findByText('Amount must be an amount such as 25.00')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/gift-cards'))).toBe(false);

    const check = screen.getByRole('form', { name: 'Check a gift card' });
    fireEvent.change(within(check).getByLabelText('Gift card code'), {
      target: { value: 'WRONG' },
    });
    fireEvent.click(within(check).getByRole('button', { name: 'Check balance' }));
    await waitFor(() =>
      expect(check.textContent).toContain(
        'No gift card has that code. Check the code and try again.',
      ),
    );
  });
});
