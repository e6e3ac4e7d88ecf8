import type { Product } from '@fitbase/domain/contracts/store';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import type { StockChangeMode } from '../lib/stock-change-form';
import { StockChangeDialog } from './stock-change-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const PRODUCT: Product = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Protein Bar',
  sku: 'BAR',
  category: null,
  price: '2.49',
  cost: null,
  stockOnHand: 4,
  lowStockThreshold: 2,
  isLowStock: false,
  isActive: true,
  taxRateId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

let posts: unknown[];

mockApi(
  http.post('/api/products/:id/stock', async ({ request }) => {
    posts.push(JSON.parse(await request.text()));
    return Response.json({ ...PRODUCT, stockOnHand: 7 }, { status: 201 });
  }),
);

beforeEach(() => {
  posts = [];
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderDialog(mode: StockChangeMode) {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <StockChangeDialog product={PRODUCT} mode={mode} onOpenChange={onOpenChange} />,
  );
  const title = { received: 'Receive Stock', adjusted: 'Adjust Stock', counted: 'Count Stock' }[
    mode
  ];
  const dialog = screen.getByRole('dialog', { name: title });
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: title }));
  return { dialog, submit, onOpenChange };
}

const typeAmount = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('StockChangeDialog', () => {
  it('refuses an adjustment that would take stock below zero, and asks why stock is adjusted', async () => {
    const { dialog, submit } = renderDialog('adjusted');
    typeAmount(dialog, /Adjustment/, '-5');
    submit();
    expect(
      await within(dialog).findByText('Stock cannot go below zero: only 4 on hand'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Say why stock is adjusted')).toBeTruthy();
    typeAmount(dialog, /Adjustment/, '0');
    submit();
    expect(await within(dialog).findByText('Adjustment cannot be 0')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('sends a valid adjustment with its reason and closes', async () => {
    const { dialog, submit, onOpenChange } = renderDialog('adjusted');
    typeAmount(dialog, /Adjustment/, '-4');
    fireEvent.change(within(dialog).getByLabelText('Reason*'), { target: { value: 'Damaged' } });
    expect(within(dialog).getByText('Stock after: 0 (now 4)')).toBeTruthy();
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts).toEqual([{ reason: 'adjusted', quantity: -4, note: 'Damaged' }]);
  });

  it('refuses receiving 0 or a fraction, and counts a new absolute total', async () => {
    const received = renderDialog('received');
    typeAmount(received.dialog, /Quantity received/, '1.5');
    received.submit();
    expect(
      await within(received.dialog).findByText('Quantity received must be a whole number'),
    ).toBeTruthy();
    typeAmount(received.dialog, /Quantity received/, '0');
    received.submit();
    expect(
      await within(received.dialog).findByText('Quantity received must be at least 1'),
    ).toBeTruthy();
    expect(posts).toEqual([]);
    cleanup();

    const counted = renderDialog('counted');
    typeAmount(counted.dialog, /Counted on the shelf/, '-1');
    counted.submit();
    expect(await within(counted.dialog).findByText('Count cannot be negative')).toBeTruthy();
    typeAmount(counted.dialog, /Counted on the shelf/, '9');
    counted.submit();
    await waitFor(() => expect(counted.onOpenChange).toHaveBeenCalledWith(false));
    expect(posts).toEqual([{ reason: 'counted', count: 9 }]);
  });
});
