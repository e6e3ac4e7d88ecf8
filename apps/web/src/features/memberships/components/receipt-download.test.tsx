import type { LedgerEntry } from '@fitbase/domain/contracts/payments';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReceiptDownload } from './receipt-download';

// docs/product/money-and-store.md#receipts: a paid charge downloads its receipt, a refund its
// credit note; a row without a numbered document offers nothing.

afterEach(cleanup);

const entry = (overrides: Partial<LedgerEntry>): LedgerEntry => ({
  id: 'e-1',
  kind: 'charge',
  purpose: 'fee',
  status: 'paid',
  amount: '20.00',
  refundedAmount: '0.00',
  description: 'Drop-in',
  member: { id: 'member-1', name: 'Ada Lovelace' },
  membershipId: null,
  orderId: null,
  correctsId: null,
  attempt: 1,
  method: 'cash',
  provider: 'manual',
  paymentMethodLabel: null,
  failureCode: null,
  failureMessage: null,
  reason: null,
  recordedByName: 'Olivia Owner',
  occurredAt: '2026-11-01T10:00:00.000Z',
  isOpenDue: false,
  receiptNumber: 'R-000001',
  paidBy: null,
  ...overrides,
});

describe('ReceiptDownload', () => {
  it("links a paid charge to its receipt's PDF", () => {
    render(<ReceiptDownload entry={entry({})} />);
    const link = screen.getByRole('link', { name: 'Receipt R-000001 (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/payments/e-1/receipt');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('calls a refund’s document a credit note', () => {
    render(
      <ReceiptDownload
        entry={entry({ id: 'r-1', kind: 'refund', amount: '-5.00', receiptNumber: 'CN-000001' })}
      />,
    );
    expect(
      screen.getByRole('link', { name: 'Credit note CN-000001 (PDF)' }).getAttribute('href'),
    ).toBe('/api/payments/r-1/receipt');
  });

  it('offers nothing for a payment without a document (declined, write-off)', () => {
    const { container } = render(
      <ReceiptDownload entry={entry({ status: 'failed', receiptNumber: null })} />,
    );
    expect(container.textContent).toBe('');
  });
});
