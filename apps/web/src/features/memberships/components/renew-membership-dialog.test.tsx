import type { Membership, Plan } from '@fitbase/domain/contracts/plans';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { MembershipPanel } from './membership-panel';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const PACK = '22222222-2222-4222-8222-222222222222';
const OLD_CARD = '44444444-4444-4444-8444-444444444444';
const DEFAULT_CARD = '55555555-5555-4555-8555-555555555555';

const expiredPack: Membership = {
  id: 'm-1',
  memberId: 'member-1',
  plan: {
    id: PACK,
    name: '10 Class Pack',
    kind: 'class_pack',
    billingInterval: null,
    weeklyClassLimit: null,
  },
  status: 'expired',
  price: '110.00',
  startDate: '2026-08-01',
  endDate: '2026-10-29',
  nextBillingDate: null,
  creditsRemaining: 0,
  pausedOn: null,
  resumesOn: null,
  pauseStartsOn: null,
  pauseResumesOn: null,
  cancelAtPeriodEnd: false,
  cancelReason: null,
  failedAttempts: 0,
  nextRetryDate: null,
  amountDue: '0.00',
  createdAt: '2026-08-01T10:00:00.000Z',
};

const packPlan: Plan = {
  id: PACK,
  serviceId: null,
  serviceName: null,
  name: '10 Class Pack',
  description: null,
  kind: 'class_pack',
  price: '120.00',
  billingInterval: null,
  signupFee: '0.00',
  minimumTermPeriods: null,
  weeklyClassLimit: null,
  credits: 10,
  validityDays: 90,
  isActive: true,
  soldOnline: false,
  taxRateId: null,
  activeMemberships: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const card = (id: string, lastFour: string, isDefault: boolean) => ({
  id,
  memberId: 'member-1',
  cardLastFour: lastFour,
  cardBrand: 'visa',
  cardExpMonth: 12,
  cardExpYear: 2030,
  billingName: 'Ada Lovelace',
  billingAddressLine1: null,
  billingAddressLine2: null,
  billingCity: null,
  billingState: null,
  billingPostalCode: null,
  billingCountry: null,
  isDefault,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
});

let renewals: unknown[];
let plans: Plan[];
let renewResponse: () => Response;

mockApi(
  http.post('/api/memberships/m-1/renew', async ({ request }) => {
    renewals.push(await request.json());
    return renewResponse();
  }),
  http.post('/api/discounts/check', () =>
    Response.json({ code: 'SPRING10', discount: '12.00', total: '108.00' }),
  ),
  http.get('/api/members/member-1/memberships', () =>
    Response.json({ memberships: [expiredPack], balanceOwed: '0.00' }),
  ),
  http.get('/api/plans', () => Response.json({ plans })),
  http.get('/api/members/member-1/payment-methods', () =>
    Response.json([card(OLD_CARD, '1111', false), card(DEFAULT_CARD, '4242', true)]),
  ),
);

beforeEach(() => {
  renewals = [];
  plans = [packPlan];
  renewResponse = () =>
    Response.json({ ...expiredPack, id: 'm-2', status: 'active' }, { status: 201 });
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  cleanup();
});

async function openRenew() {
  renderWithProviders(<MembershipPanel memberId="member-1" role="staff" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Renew 10 Class Pack' }));
  return within(await screen.findByRole('dialog', { name: 'Renew Membership' }));
}

const renew = (dialog: ReturnType<typeof within>) =>
  act(async () => {
    fireEvent.click(dialog.getByRole('button', { name: 'Renew' }));
  });

describe('Renew membership dialog', () => {
  it("charges the default card on file at today's price, labelled as demo payments", async () => {
    const dialog = await openRenew();
    await waitFor(() =>
      expect((dialog.getByLabelText('Card') as HTMLSelectElement).value).toBe(DEFAULT_CARD),
    );
    dialog.getByText('Demo payments');
    expect(dialog.getByLabelText('Due today').textContent).toContain('$120.00');
    await renew(dialog);
    await waitFor(() => expect(renewals).toHaveLength(1));
    expect(renewals[0]).toEqual({ method: 'card', paymentMethodId: DEFAULT_CARD });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes cash with a checked discount code, and sends no card', async () => {
    const dialog = await openRenew();
    fireEvent.change(dialog.getByLabelText('Payment*'), { target: { value: 'cash' } });
    expect(dialog.queryByLabelText('Card')).toBeNull();
    fireEvent.change(dialog.getByLabelText('Discount Code'), { target: { value: 'spring10' } });
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    });
    await waitFor(() =>
      expect(dialog.getByLabelText('Due today').textContent).toContain('$108.00'),
    );
    await renew(dialog);
    await waitFor(() => expect(renewals).toHaveLength(1));
    expect(renewals[0]).toEqual({ method: 'cash', discountCode: 'spring10' });
  });

  it('keeps the dialog open on a declined card so staff can take cash', async () => {
    renewResponse = () =>
      Response.json(
        {
          error: {
            code: 'card_declined',
            message:
              'The card ending 4242 was declined. Ask the member for another card or take cash.',
          },
        },
        { status: 409 },
      );
    const dialog = await openRenew();
    await waitFor(() =>
      expect((dialog.getByLabelText('Card') as HTMLSelectElement).value).toBe(DEFAULT_CARD),
    );
    await renew(dialog);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Payment declined', expect.anything()),
    );
    screen.getByRole('dialog', { name: 'Renew Membership' });
  });

  it('says when the plan is no longer sold and renews nothing', async () => {
    plans = [];
    const dialog = await openRenew();
    await dialog.findByText(
      '10 Class Pack is no longer sold. Sell the member another plan instead.',
    );
    expect(dialog.getByRole('button', { name: 'Renew' })).toHaveProperty('disabled', true);
    expect(renewals).toHaveLength(0);
  });
});
