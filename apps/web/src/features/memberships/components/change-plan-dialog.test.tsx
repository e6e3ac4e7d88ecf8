import type { PlanChangePreview } from '@fitbase/domain/contracts/plan-change';
import type { Membership, Plan } from '@fitbase/domain/contracts/plans';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { MembershipPanel } from './membership-panel';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const BASIC = '22222222-2222-4222-8222-222222222222';
const PREMIUM = '33333333-3333-4333-8333-333333333333';
const CARD = '55555555-5555-4555-8555-555555555555';

const running: Membership = {
  id: 'm-1',
  memberId: 'member-1',
  plan: {
    id: BASIC,
    name: 'Basic Monthly',
    kind: 'membership',
    billingInterval: 'month',
    weeklyClassLimit: null,
  },
  status: 'active',
  price: '49.00',
  startDate: '2026-11-19',
  endDate: null,
  nextBillingDate: '2026-12-19',
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
  createdAt: '2026-11-19T10:00:00.000Z',
};

const plan = (
  id: string,
  name: string,
  price: string,
  kind: Plan['kind'] = 'membership',
): Plan => ({
  id,
  serviceId: null,
  serviceName: null,
  name,
  description: null,
  kind,
  price,
  billingInterval: kind === 'membership' ? 'month' : null,
  signupFee: '0.00',
  minimumTermPeriods: null,
  weeklyClassLimit: null,
  credits: kind === 'class_pack' ? 10 : null,
  validityDays: null,
  isActive: true,
  soldOnline: false,
  taxRateId: null,
  activeMemberships: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const preview = (when: 'today' | 'next_cycle'): PlanChangePreview => ({
  when,
  fromPlan: { id: BASIC, name: 'Basic Monthly', price: '49.00' },
  toPlan: { id: PREMIUM, name: 'Premium Monthly', price: '89.00', billingInterval: 'month' },
  startsOn: when === 'today' ? '2026-11-29' : '2026-12-19',
  periodStart: '2026-11-19',
  periodEnd: '2026-12-19',
  periodDays: 30,
  unusedDays: 20,
  paidForPeriod: '49.00',
  credit: when === 'today' ? '32.67' : '0.00',
  charge: '89.00',
  net: when === 'today' ? '56.33' : '0.00',
});

let changes: unknown[];
let changeResponse: () => Response;

mockApi(
  http.get('/api/members/member-1/memberships', () =>
    Response.json({ memberships: [running], balanceOwed: '0.00' }),
  ),
  http.get('/api/plans', () =>
    Response.json({
      plans: [
        plan(BASIC, 'Basic Monthly', '49.00'),
        plan(PREMIUM, 'Premium Monthly', '89.00'),
        plan('44444444-4444-4444-8444-444444444444', '10 Class Pack', '120.00', 'class_pack'),
      ],
    }),
  ),
  http.get('/api/members/member-1/payment-methods', () =>
    Response.json([
      {
        id: CARD,
        memberId: 'member-1',
        cardLastFour: '4242',
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
        isDefault: true,
        isActive: true,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ]),
  ),
  http.get('/api/memberships/m-1/plan-change', ({ request }) => {
    const when = new URL(request.url).searchParams.get('when') as 'today' | 'next_cycle';
    return Response.json(preview(when));
  }),
  http.post('/api/memberships/m-1/change-plan', async ({ request }) => {
    changes.push(await request.json());
    return changeResponse();
  }),
);

beforeEach(() => {
  changes = [];
  changeResponse = () => Response.json({ ...running, id: 'm-2' }, { status: 201 });
  vi.mocked(toast.error).mockClear();
});
afterEach(() => cleanup());

async function openChange() {
  renderWithProviders(<MembershipPanel memberId="member-1" role="staff" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Change Plan Basic Monthly' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Change Plan' }));
  await dialog.findByRole('option', { name: 'Premium Monthly' });
  return dialog;
}

const confirm = (dialog: ReturnType<typeof within>) =>
  act(async () => {
    fireEvent.click(dialog.getByRole('button', { name: 'Change Plan' }));
  });

describe('Change Plan dialog', () => {
  it('offers only other recurring plans, shows the amounts and confirms them from today', async () => {
    const dialog = await openChange();
    const options = [...(dialog.getByLabelText('New plan*') as HTMLSelectElement).options].map(
      (o) => o.textContent,
    );
    expect(options).toContain('Premium Monthly');
    expect(options).not.toContain('Basic Monthly');
    expect(options).not.toContain('10 Class Pack');
    fireEvent.change(dialog.getByLabelText('New plan*'), { target: { value: PREMIUM } });
    const amounts = await dialog.findByLabelText('Plan change amounts');
    expect(amounts.textContent).toContain('Unused 20 of 30 days of Basic Monthly, refunded');
    expect(amounts.textContent).toContain('-$32.67');
    expect(amounts.textContent).toContain('Premium Monthly from today$89.00');
    expect(amounts.textContent).toContain('Due today$56.33');
    await confirm(dialog);
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toEqual({
      planId: PREMIUM,
      when: 'today',
      method: 'card',
      paymentMethodId: CARD,
      expectedCredit: '32.67',
      expectedCharge: '89.00',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('from the next billing date asks for no payment and charges nothing today', async () => {
    const dialog = await openChange();
    fireEvent.change(dialog.getByLabelText('New plan*'), { target: { value: PREMIUM } });
    fireEvent.change(dialog.getByLabelText('Starts*'), { target: { value: 'next_cycle' } });
    expect(dialog.queryByLabelText('Payment*')).toBeNull();
    await waitFor(() =>
      expect(dialog.getByLabelText('Plan change amounts').textContent).toContain('Due today$0.00'),
    );
    await confirm(dialog);
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toEqual({
      planId: PREMIUM,
      when: 'next_cycle',
      expectedCredit: '0.00',
      expectedCharge: '89.00',
    });
  });

  it('keeps the dialog open when the card is declined', async () => {
    changeResponse = () =>
      Response.json(
        { error: { code: 'card_declined', message: 'The card ending 4242 was declined.' } },
        { status: 409 },
      );
    const dialog = await openChange();
    fireEvent.change(dialog.getByLabelText('New plan*'), { target: { value: PREMIUM } });
    await dialog.findByLabelText('Plan change amounts');
    await confirm(dialog);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Payment declined', expect.anything()),
    );
    screen.getByRole('dialog', { name: 'Change Plan' });
  });
});
