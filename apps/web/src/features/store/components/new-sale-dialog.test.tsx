import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { NewSaleDialog } from './new-sale-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const BAR = '11111111-1111-4111-8111-111111111111';
const SHAKER = '22222222-2222-4222-8222-222222222222';
const MEMBER = '33333333-3333-4333-8333-333333333333';
const CARD = '44444444-4444-4444-8444-444444444444';

type Handler = (request: Request) => Promise<Response> | Response;
const api = mockApi();
const requests = api.requests;

const json = (body: unknown, status = 200) => Response.json(body, { status });

function product(id: string, name: string, price: string, stockOnHand: number) {
  return {
    id,
    name,
    sku: name.toUpperCase(),
    category: null,
    price,
    cost: null,
    stockOnHand,
    lowStockThreshold: 0,
    isLowStock: false,
    isActive: true,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

const order = (number: number) => ({
  id: `order-${number}`,
  number,
  member: null,
  customerName: 'Walk-in Wendy',
  status: 'paid',
  subtotal: '64.02',
  discountTotal: '6.40',
  discountCode: 'SPRING10',
  total: '57.62',
  refundedTotal: '0.00',
  method: 'cash',
  paymentMethodLabel: null,
  failureMessage: null,
  soldByName: 'Olive Owner',
  lines: [],
  createdAt: '2026-11-23T10:00:00.000Z',
});

const baseRoutes = (): Record<string, Handler> => ({
  'GET /api/products': () =>
    json({
      products: [product(BAR, 'Protein Bar', '19.99', 5), product(SHAKER, 'Shaker', '4.05', 2)],
      pageInfo: { page: 1, pageSize: 50, total: 2 },
      categories: [],
    }),
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
        cardLastFour: '0002',
        cardBrand: 'visa',
        cardExpMonth: 12,
        cardExpYear: 2030,
        billingName: 'Zoe Doe',
        isDefault: true,
        isActive: true,
      },
    ]),
});

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
  renderWithProviders(<NewSaleDialog open onOpenChange={onOpenChange} />);
  return { dialog: screen.getByRole('dialog', { name: 'New Sale' }), onOpenChange };
}

const orderPosts = () =>
  requests
    .filter((r) => r.method === 'POST' && r.path === '/api/orders')
    .map((r) => ({ ...r, key: r.headers.get('Idempotency-Key') }));

describe('NewSaleDialog', () => {
  it('totals the cart in exact cents with the checked discount, and sells once on a double click', async () => {
    api.answer({
      ...baseRoutes(),
      'POST /api/discounts/check': async (request) => {
        const body = (await request.json()) as { amount: string };
        return json({ code: 'SPRING10', discount: '6.40', total: '57.62', amount: body.amount });
      },
      'POST /api/orders': () => json(order(1001), 201),
    });
    const { dialog, onOpenChange } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Walk-in' }));
    fireEvent.change(within(dialog).getByLabelText('Customer name (optional)'), {
      target: { value: 'Walk-in Wendy' },
    });
    const addBar = await within(dialog).findByRole('button', { name: 'Add Protein Bar' });
    fireEvent.click(addBar);
    fireEvent.click(addBar);
    fireEvent.click(addBar);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Shaker' }));
    const totals = within(dialog).getByRole('group', { name: 'Sale totals' });
    expect(totals.textContent).toContain('$64.02');

    fireEvent.change(within(dialog).getByLabelText('Discount code'), {
      target: { value: 'spring10' },
    });
    await within(dialog).findByText('SPRING10: -$6.40');
    const check = requests.find((r) => r.path === '/api/discounts/check');
    expect(check?.body).toEqual({ code: 'SPRING10', appliesTo: 'product', amount: '64.02' });
    expect(totals.textContent).toContain('-$6.40');
    expect(totals.textContent).toContain('$57.62');

    const complete = within(dialog).getByRole('button', { name: 'Complete Sale · $57.62' });
    fireEvent.click(complete);
    fireEvent.click(complete);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(orderPosts()).toHaveLength(1);
    const [post] = orderPosts();
    expect(post?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({
      memberId: null,
      customerName: 'Walk-in Wendy',
      lines: [
        { productId: BAR, quantity: 3 },
        { productId: SHAKER, quantity: 1 },
      ],
      discountCode: 'SPRING10',
      method: 'cash',
    });
  });

  it('refuses more than the stock on hand before asking the server', async () => {
    api.answer(baseRoutes());
    const { dialog } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Walk-in' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add Shaker' }));
    fireEvent.change(within(dialog).getByLabelText('Quantity of Shaker'), {
      target: { value: '3' },
    });
    expect(within(dialog).getByText('Only 2 in stock')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Complete Sale/ }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Fix the quantities: a sale cannot take more than is in stock',
    );
    expect(orderPosts()).toHaveLength(0);
  });

  it('keeps the sale open with the server message when the card is declined, and retries with a new key', async () => {
    const declined =
      'The card ending 0002 was declined. Ask the member for another card or take cash.';
    api.answer({
      ...baseRoutes(),
      'POST /api/orders': () => json({ error: { code: 'card_declined', message: declined } }, 409),
    });
    const { dialog, onOpenChange } = renderDialog();
    const picker = within(dialog).getByRole('combobox', { name: 'Member' });
    await waitFor(() => expect(picker.hasAttribute('data-disabled')).toBe(false));
    fireEvent.keyDown(picker, { key: 'Enter' });
    fireEvent.keyDown(await screen.findByRole('option', { name: /^Zoe Doe/ }), { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add Protein Bar' }));
    fireEvent.change(within(dialog).getByLabelText('Payment'), { target: { value: 'card' } });
    const card = await within(dialog).findByLabelText('Card');
    await waitFor(() => expect((card as HTMLSelectElement).value).toBe(CARD));
    expect(within(dialog).getByText(/Demo payments/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale · $19.99' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(declined);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(orderPosts()[0]?.body).toMatchObject({
      memberId: MEMBER,
      customerName: null,
      method: 'card',
      paymentMethodId: CARD,
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale · $19.99' }));
    await waitFor(() => expect(orderPosts()).toHaveLength(2));
    expect(orderPosts()[1]?.key).not.toBe(orderPosts()[0]?.key);
  });

  it('sends a gift card code and says what the card paid and what is left on it', async () => {
    api.answer({
      ...baseRoutes(),
      'POST /api/orders': () =>
        json(
          {
            ...order(1002),
            discountCode: null,
            method: 'cash',
            giftCardPayment: { lastFour: 'K7QZ', amount: '10.00', balance: '0.00' },
          },
          201,
        ),
    });
    const { dialog, onOpenChange } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Walk-in' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add Protein Bar' }));
    fireEvent.change(within(dialog).getByLabelText('Gift card code'), {
      target: { value: ' abcd-efgh-jkmn-k7qz ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale · $19.99' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(orderPosts()[0]?.body).toMatchObject({
      giftCardCode: 'abcd-efgh-jkmn-k7qz',
      method: 'cash',
    });
    expect(toast.success).toHaveBeenCalledWith(
      'Sale recorded',
      expect.objectContaining({
        description: expect.stringContaining('gift card •••• K7QZ paid $10.00, $0.00 left'),
      }),
    );
  });
});
