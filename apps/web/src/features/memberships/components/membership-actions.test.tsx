import type { LedgerEntry } from '@fitbase/domain/contracts/payments';
import type { Membership } from '@fitbase/domain/contracts/plans';
import type { OrganizationRole } from '@fitbase/domain/constants';
import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { membershipActions, paymentActions } from '../lib/membership-actions';
import { MembershipPanel } from './membership-panel';
import { PaymentsHistory } from './payments-history';

// The table asks for the phone layout; desktop here.
beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  cleanup();
});

const membership = (overrides: Partial<Membership>): Membership => ({
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
  price: '89.00',
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
  ...overrides,
});

const entry = (overrides: Partial<LedgerEntry>): LedgerEntry => ({
  id: 'e-1',
  kind: 'charge',
  purpose: 'plan',
  status: 'paid',
  amount: '89.00',
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
  receiptNumber: null,
  paidBy: null,
  ...overrides,
});

const api = mockApi();

/** Answers each GET path with its JSON body. */
function serve(routes: Record<string, unknown>) {
  api.use(
    ...Object.entries(routes).map(([path, body]) => http.get(path, () => Response.json(body))),
  );
}

describe('Membership tab actions by role and status', () => {
  const memberships = {
    memberships: [
      membership({}),
      membership({
        id: 'm-2',
        status: 'paused',
        plan: { ...membership({}).plan, id: 'p-2', name: 'Silver' },
        resumesOn: '2026-12-15',
      }),
      membership({
        id: 'm-3',
        status: 'expired',
        plan: {
          ...membership({}).plan,
          id: 'p-3',
          name: 'Trial Week',
          kind: 'trial',
          billingInterval: null,
        },
        nextBillingDate: null,
      }),
    ],
    balanceOwed: '45.50',
  };

  it('lets every role sell, pause, resume, cancel and renew, and shows the balance owed', async () => {
    serve({ '/api/members/member-1/memberships': memberships });
    renderWithProviders(<MembershipPanel memberId="member-1" role="trainer" />);
    const gold = within(await screen.findByRole('listitem', { name: 'Gold Monthly' }));
    gold.getByRole('button', { name: 'Pause Gold Monthly' });
    gold.getByRole('button', { name: 'Cancel Gold Monthly' });
    expect(gold.queryByRole('button', { name: 'Resume Gold Monthly' })).toBeNull();
    const silver = within(screen.getByRole('listitem', { name: 'Silver' }));
    silver.getByRole('button', { name: 'Resume Silver' });
    expect(silver.queryByRole('button', { name: 'Pause Silver' })).toBeNull();
    within(screen.getByRole('region', { name: 'Past memberships' })).getByRole('button', {
      name: 'Renew Trial Week',
    });
    screen.getByRole('button', { name: 'Sell Plan' });
    expect(screen.getByRole('status').textContent).toBe('Balance owed: $45.50');
  });

  it('shows a pause the member booked online, with its first and last paused day', async () => {
    serve({
      '/api/members/member-1/memberships': {
        memberships: [membership({ pauseStartsOn: '2027-01-04', pauseResumesOn: '2027-01-18' })],
        balanceOwed: '0.00',
      },
    });
    renderWithProviders(<MembershipPanel memberId="member-1" role="staff" />);
    const gold = within(await screen.findByRole('listitem', { name: 'Gold Monthly' }));
    const booked = gold.getByText('Pause booked:').nextElementSibling;
    expect(booked?.textContent).toMatch(/Jan 4, 2027 to Jan 17, 2027/);
  });

  it('shows no balance line when nothing is owed', async () => {
    serve({ '/api/members/member-1/memberships': { ...memberships, balanceOwed: '0.00' } });
    renderWithProviders(<MembershipPanel memberId="member-1" role="owner" />);
    await screen.findByRole('listitem', { name: 'Gold Monthly' });
    expect(screen.queryByText(/Balance owed/)).toBeNull();
  });
});

describe('Payments history actions by role', () => {
  const page = {
    entries: [
      entry({}),
      entry({
        id: 'e-2',
        status: 'failed',
        description: 'Gold Monthly renewal',
        failureCode: 'card_declined',
        failureMessage: 'The card ending 0002 was declined.',
        isOpenDue: true,
      }),
    ],
    pageInfo: { page: 1, pageSize: 10, total: 2 },
  };

  const renderAs = async (role: OrganizationRole) => {
    serve({ '/api/members/member-1/payments': page });
    renderWithProviders(<PaymentsHistory memberId="member-1" role={role} timeZone="UTC" />);
    await screen.findAllByText('Gold Monthly renewal');
  };

  it('gives owners Refund, Retry and Write Off', async () => {
    await renderAs('owner');
    expect(screen.getAllByRole('button', { name: 'Refund Gold Monthly' }).length).toBeGreaterThan(
      0,
    );
    expect(
      screen.getAllByRole('button', { name: 'Retry Gold Monthly renewal' }).length,
    ).toBeGreaterThan(0);
    expect(
      screen.getAllByRole('button', { name: 'Write Off Gold Monthly renewal' }).length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByText('Failed').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Visa •••• 4242 (demo)').length).toBeGreaterThan(0);
  });

  it('gives trainers Retry only: no refund, no write-off', async () => {
    await renderAs('trainer');
    expect(screen.queryAllByRole('button', { name: /^Refund / })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /^Write Off / })).toHaveLength(0);
    expect(
      screen.getAllByRole('button', { name: 'Retry Gold Monthly renewal' }).length,
    ).toBeGreaterThan(0);
  });
});

describe('action rules', () => {
  it('offers nothing to a role that cannot sell, and no refund of a fully refunded charge', () => {
    expect(membershipActions(membership({}), null)).toEqual([]);
    expect(paymentActions(entry({ refundedAmount: '89.00' }), 'owner')).toEqual([]);
    expect(paymentActions(entry({ refundedAmount: '88.99' }), 'admin')).toEqual(['refund']);
    expect(membershipActions(membership({ cancelAtPeriodEnd: true }), 'staff')).toEqual([]);
  });
});
