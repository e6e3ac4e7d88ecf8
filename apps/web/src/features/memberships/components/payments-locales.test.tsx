import type { LedgerEntry } from '@fitbase/domain/contracts/payments';
import type { Membership } from '@fitbase/domain/contracts/plans';
import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioFormatProvider } from '@/hooks/use-studio-format';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { MembershipPanel } from './membership-panel';
import { PaymentsHistory } from './payments-history';

// Issue 33 point 1: a member's payments and memberships in the same studio in en-US/USD,
// de-DE/EUR and ja-JP/JPY: amounts in its currency, instants in its zone and locale, calendar
// dates in its locale. The signed-in layout provides the format (StudioFormatProvider).

beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const STUDIOS = [
  {
    currency: 'USD',
    locale: 'en-US',
    timeZone: 'America/New_York',
    amount: '1234.50',
    amountText: '$1,234.50',
    // 2026-11-01T10:00Z is 5:00 AM in New York.
    occurred: 'Nov 1, 2026, 5:00 AM',
    nextCharge: 'Dec 1, 2026 · $1,234.50',
    started: 'Nov 1, 2026',
  },
  {
    currency: 'EUR',
    locale: 'de-DE',
    timeZone: 'Europe/Berlin',
    amount: '1234.50',
    amountText: '1.234,50 €',
    occurred: '01.11.2026, 11:00',
    nextCharge: '01.12.2026 · 1.234,50 €',
    started: '01.11.2026',
  },
  {
    currency: 'JPY',
    locale: 'ja-JP',
    timeZone: 'Asia/Tokyo',
    amount: '3000.00',
    amountText: '￥3,000',
    occurred: '2026/11/01 19:00',
    nextCharge: '2026/12/01 · ￥3,000',
    started: '2026/11/01',
  },
] as const;

const api = mockApi();

function entry(amount: string): LedgerEntry {
  // A variable, not a literal: receipt fields are being added to the contract alongside.
  const row = {
    receiptNumber: null,
    paidBy: null,
    id: 'e-1',
    kind: 'charge',
    purpose: 'plan',
    status: 'paid',
    amount,
    refundedAmount: '0.00',
    description: 'Gold Monthly',
    member: { id: 'member-1', name: 'Ada Lovelace' },
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
    recordedByName: 'Olivia Owner',
    occurredAt: '2026-11-01T10:00:00.000Z',
    isOpenDue: false,
  } as const;
  return row;
}

function membership(price: string): Membership {
  return {
    id: 'm-1',
    memberId: 'member-1',
    plan: {
      id: 'p-1',
      name: 'Gold Monthly',
      kind: 'membership',
      billingInterval: 'month',
      weeklyClassLimit: null,
    },
    status: 'active',
    price,
    startDate: '2026-11-01',
    endDate: null,
    nextBillingDate: '2026-12-01',
    creditsRemaining: null,
    pausedOn: null,
    resumesOn: null,
    pauseStartsOn: null,
    pauseResumesOn: null,
    cancelAtPeriodEnd: false,
    cancelReason: null,
    failedAttempts: 0,
    nextRetryDate: null,
    amountDue: '0.00',
    createdAt: '2026-11-01T10:00:00.000Z',
  };
}

describe.each(STUDIOS)("a member's payments in a studio in $locale/$currency", (studio) => {
  const me = studioMe('owner', 'owner@example.com', studio);

  it('lists payments with the amount in its currency and the time in its zone and locale', async () => {
    api.use(
      http.get('/api/members/member-1/payments', () =>
        Response.json({
          entries: [entry(studio.amount)],
          pageInfo: { page: 1, pageSize: 10, total: 1 },
        }),
      ),
    );
    renderWithProviders(
      <StudioFormatProvider>
        <PaymentsHistory memberId="member-1" role="owner" timeZone={studio.timeZone} />
      </StudioFormatProvider>,
      { me },
    );
    await screen.findAllByText('Gold Monthly');
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => plain(c.textContent));
    expect(cells).toContain(studio.occurred);
    expect(cells).toContain(studio.amountText);
  });

  it("shows a membership's dates in its locale and its price in its currency", async () => {
    api.use(
      http.get('/api/members/member-1/memberships', () =>
        Response.json({ memberships: [membership(studio.amount)], balanceOwed: studio.amount }),
      ),
    );
    renderWithProviders(
      <StudioFormatProvider>
        <MembershipPanel memberId="member-1" role="owner" />
      </StudioFormatProvider>,
      { me },
    );
    const gold = await screen.findByRole('listitem', { name: 'Gold Monthly' });
    const text = plain(gold.textContent);
    expect(text).toContain(studio.started);
    expect(text).toContain(studio.nextCharge);
    expect(plain(screen.getByRole('status').textContent)).toBe(
      `Balance owed: ${studio.amountText}`,
    );
  });
});
