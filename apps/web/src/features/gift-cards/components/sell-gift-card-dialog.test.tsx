import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SellGiftCardDialog } from './sell-gift-card-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const MEMBER = '33333333-3333-4333-8333-333333333333';
const CARD = '44444444-4444-4444-8444-444444444444';
const json = (body: unknown, status = 200) => Response.json(body, { status });

const api = mockApi();

const sold = {
  id: '55555555-5555-4555-8555-555555555555',
  lastFour: 'K7QZ',
  initialAmount: '50.00',
  balance: '50.00',
  currency: 'USD',
  recipientEmail: 'robin@example.com',
  recipientName: 'Robin',
  message: 'Happy birthday!',
  purchaser: null,
  soldByName: 'Olive Owner',
  createdAt: '2026-11-29T10:00:00.000Z',
  movements: [],
};

const routes = {
  'GET /api/members': () =>
    json({
      items: [
        {
          id: MEMBER,
          firstName: 'Zoe',
          lastName: 'Doe',
          email: 'zoe@example.com',
          membershipStatus: 'active',
        },
      ],
      nextCursor: null,
    }),
  [`GET /api/members/${MEMBER}/payment-methods`]: () =>
    json([
      {
        id: CARD,
        memberId: MEMBER,
        cardLastFour: '4242',
        cardBrand: 'visa',
        cardExpMonth: 12,
        cardExpYear: 2030,
        billingName: 'Zoe Doe',
        isDefault: true,
        isActive: true,
      },
    ]),
};

beforeEach(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderDialog() {
  const onOpenChange = vi.fn();
  const onSold = vi.fn();
  renderWithProviders(<SellGiftCardDialog open onOpenChange={onOpenChange} onSold={onSold} />);
  const dialog = screen.getByRole('dialog', { name: 'Sell gift card' });
  const submit = () =>
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell gift card' }));
  return { dialog, submit, onOpenChange, onSold };
}

const posts = () => api.requests.filter((r) => r.method === 'POST' && r.path === '/api/gift-cards');

describe('SellGiftCardDialog', () => {
  it('asks for the amount and the recipient before sending anything', async () => {
    api.answer(routes);
    const { dialog, submit } = renderDialog();
    submit();
    expect(await within(dialog).findByText('Amount must be an amount such as 25.00')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount*'), { target: { value: '0.50' } });
    submit();
    expect(await within(dialog).findByText(/A gift card is worth at least 1/)).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('sells for cash with the recipient and message, and closes with the new card', async () => {
    api.answer({ ...routes, 'POST /api/gift-cards': () => json(sold, 201) });
    const { dialog, submit, onOpenChange, onSold } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Amount*'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('Recipient email*'), {
      target: { value: 'Robin@Example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Recipient name'), {
      target: { value: 'Robin' },
    });
    fireEvent.change(within(dialog).getByLabelText('Message'), {
      target: { value: 'Happy birthday!' },
    });
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSold).toHaveBeenCalledWith(sold);
    expect(posts().map((p) => p.body)).toEqual([
      {
        amount: '50.00',
        recipientEmail: 'robin@example.com',
        recipientName: 'Robin',
        message: 'Happy birthday!',
        memberId: null,
        method: 'cash',
      },
    ]);
  });

  it("charges a chosen member's card on file, and keeps the dialog open with the server's refusal", async () => {
    const declined =
      'The card ending 4242 was declined. Ask the member for another card or take cash.';
    api.answer({
      ...routes,
      'POST /api/gift-cards': () =>
        json({ error: { code: 'card_declined', message: declined } }, 409),
    });
    const { dialog, submit, onOpenChange } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Amount*'), { target: { value: '25' } });
    fireEvent.change(within(dialog).getByLabelText('Recipient email*'), {
      target: { value: 'sam@example.com' },
    });
    const picker = within(dialog).getByRole('combobox', { name: 'Bought by (member)' });
    await waitFor(() => expect(picker.hasAttribute('data-disabled')).toBe(false));
    fireEvent.keyDown(picker, { key: 'Enter' });
    fireEvent.keyDown(await screen.findByRole('option', { name: /^Zoe Doe/ }), { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    fireEvent.change(within(dialog).getByLabelText('Payment'), { target: { value: 'card' } });
    const card = await within(dialog).findByLabelText('Card');
    await waitFor(() => expect((card as HTMLSelectElement).value).toBe(CARD));
    submit();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      memberId: MEMBER,
      method: 'card',
      paymentMethodId: CARD,
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Error',
        expect.objectContaining({ description: declined }),
      ),
    );
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
