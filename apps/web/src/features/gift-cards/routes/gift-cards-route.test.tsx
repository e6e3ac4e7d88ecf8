import type { GiftCard } from '@fitbase/domain/contracts/gift-cards';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { GiftCardsRoute } from './gift-cards-route';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

// docs/product/money-and-store.md#gift-cards: `Refund balance` gives what is left on a card back
// to its buyer (owners and admins): all of it by default, or the part entered, with a reason.

const CARD: GiftCard = {
  id: '55555555-5555-4555-8555-555555555555',
  lastFour: 'K7QZ',
  initialAmount: '50.00',
  balance: '30.00',
  currency: 'USD',
  recipientEmail: 'robin@example.com',
  recipientName: 'Robin',
  message: null,
  purchaser: { id: 'm-1', name: 'Zoe Doe' },
  soldByName: 'Olive Owner',
  refundedToBuyer: '0.00',
  createdAt: '2026-11-29T10:00:00.000Z',
};

let cards: GiftCard[];
let refunds: unknown[];

mockApi(
  http.get('/api/gift-cards', () =>
    Response.json({
      giftCards: cards,
      pageInfo: { page: 1, pageSize: 25, total: cards.length },
      outstanding: cards.reduce((n, c) => n + Number(c.balance), 0).toFixed(2),
    }),
  ),
  http.post('/api/gift-cards/:id/refund', async ({ request, params }) => {
    const body = (await request.json()) as { amount: string };
    refunds.push(body);
    const moved = (a: string, b: string, sign: 1 | -1) => (Number(a) + sign * Number(b)).toFixed(2);
    cards = cards.map((c) =>
      c.id === params.id
        ? {
            ...c,
            balance: moved(c.balance, body.amount, -1),
            refundedToBuyer: moved(c.refundedToBuyer, body.amount, 1),
          }
        : c,
    );
    return Response.json({ ...cards.find((c) => c.id === params.id), movements: [] });
  }),
);

beforeEach(() => {
  cards = [CARD];
  refunds = [];
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderPage(role: 'owner' | 'staff') {
  renderWithProviders(<GiftCardsRoute />, { me: studioMe(role), router: true });
}

describe('Gift cards: Refund balance', () => {
  it('refunds the whole balance by default, and shows the card as refunded', async () => {
    renderPage('owner');
    const row = await screen.findByRole('row', { name: /K7QZ/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Refund balance of gift card K7QZ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund balance' });
    expect(dialog.textContent).toContain(
      '$30.00 is left on gift card •••• K7QZ. What you refund goes back to Zoe Doe’s original payment',
    );
    expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('30.00');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    });
    await waitFor(() => expect(refunds).toEqual([{ amount: '30.00' }]));
    expect(toast.success).toHaveBeenCalledWith(
      'Gift card refunded',
      expect.objectContaining({ description: 'Refunded $30.00 of gift card •••• K7QZ.' }),
    );
    const after = await screen.findByText('(refunded $30.00)');
    expect(after.closest('tr')?.textContent).toContain('$0.00');
    // Nothing left: no button to refund it again.
    expect(screen.queryByRole('button', { name: 'Refund balance of gift card K7QZ' })).toBeNull();
  });

  it('refunds part of the balance with a reason, never more than is left', async () => {
    renderPage('owner');
    const row = await screen.findByRole('row', { name: /K7QZ/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Refund balance of gift card K7QZ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund balance' });
    const amount = within(dialog).getByLabelText(/Amount/);
    fireEvent.change(amount, { target: { value: '30.01' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    });
    expect(
      await within(dialog).findByText(
        'You can refund at most $30.00 of the gift card ending K7QZ.',
      ),
    ).toBeTruthy();
    expect(refunds).toEqual([]);
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Moving away' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    });
    await waitFor(() => expect(refunds).toEqual([{ amount: '10.00', reason: 'Moving away' }]));
    await waitFor(() => expect(row.textContent).toContain('$20.00'));
    // Something left: it can be refunded again.
    within(row).getByRole('button', { name: 'Refund balance of gift card K7QZ' });
  });

  it('is for owners and admins only', async () => {
    renderPage('staff');
    await screen.findByRole('row', { name: /K7QZ/ });
    expect(screen.queryByRole('button', { name: /Refund balance/ })).toBeNull();
  });
});
