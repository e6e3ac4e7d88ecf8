import type { LedgerEntry } from '@fitbase/domain/contracts/payments';
import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { PaymentsHistory } from './payments-history';

// Households (docs/product/members.md#households): a line paid by the household's payer names
// them; the line itself stays the member's.

beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

const api = mockApi();

const entry = (id: string, paidBy: LedgerEntry['paidBy']): LedgerEntry => ({
  id,
  kind: 'charge',
  purpose: 'plan',
  status: 'paid',
  amount: '29.00',
  refundedAmount: '0.00',
  description: `Kids Monthly ${id}`,
  member: { id: 'kid-1', name: 'Kim Lee' },
  membershipId: 'm-1',
  orderId: null,
  correctsId: null,
  attempt: 1,
  method: 'card',
  provider: 'demo',
  paymentMethodLabel: 'Visa •••• 4242',
  failureCode: null,
  failureMessage: null,
  reason: null,
  recordedByName: null,
  occurredAt: '2026-11-01T10:00:00.000Z',
  isOpenDue: false,
  receiptNumber: 'R-000007',
  paidBy,
});

describe("a household member's payments", () => {
  it('name the payer on a line someone else paid, and only there', async () => {
    api.use(
      http.get('/api/members/kid-1/payments', () =>
        Response.json({
          entries: [entry('a', { id: 'parent-1', name: 'Pat Lee' }), entry('b', null)],
          pageInfo: { page: 1, pageSize: 10, total: 2 },
        }),
      ),
    );
    renderWithProviders(
      <PaymentsHistory memberId="kid-1" role="owner" timeZone="Europe/Berlin" />,
      { me: studioMe('owner', 'owner@example.com') },
    );
    await screen.findAllByText('Kids Monthly a');
    const [, first, second] = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(first!).getByText('Payer: Pat Lee')).toBeTruthy();
    expect(within(second!).queryByText(/Payer:/)).toBeNull();
  });
});
