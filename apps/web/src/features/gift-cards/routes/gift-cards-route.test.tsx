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
// to its buyer (owners and admins), after a confirmation that shows the amount.

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
    refunds.push(await request.json());
    cards = cards.map((c) =>
      c.id === params.id ? { ...c, balance: '0.00', refundedToBuyer: '30.00' } : c,
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
  it('confirms the amount, refunds it, and shows the card as refunded', async () => {
    renderPage('owner');
    const row = await screen.findByRole('row', { name: /K7QZ/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Refund balance of gift card K7QZ' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Refund $30.00?' });
    expect(confirm.textContent).toContain(
      'The $30.00 left on gift card •••• K7QZ goes back to Zoe Doe’s original payment',
    );
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Refund $30.00' }));
    });
    await waitFor(() => expect(refunds).toEqual([{ amount: '30.00' }]));
    expect(toast.success).toHaveBeenCalledWith('Refunded $30.00 of gift card •••• K7QZ.');
    const after = await screen.findByText('(refunded $30.00)');
    expect(after.closest('tr')?.textContent).toContain('$0.00');
    // Nothing left: no button to refund it again.
    expect(screen.queryByRole('button', { name: 'Refund balance of gift card K7QZ' })).toBeNull();
  });

  it('is for owners and admins only', async () => {
    renderPage('staff');
    await screen.findByRole('row', { name: /K7QZ/ });
    expect(screen.queryByRole('button', { name: /Refund balance/ })).toBeNull();
  });
});
