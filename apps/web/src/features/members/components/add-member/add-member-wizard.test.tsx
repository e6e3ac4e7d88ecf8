import type { Me } from '@fitbase/domain/contracts/organizations';
import type { Plan } from '@fitbase/domain/contracts/plans';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AddMemberWizard } from './add-member-wizard';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const GOLD = '11111111-1111-4111-8111-111111111111';
const PACK = '22222222-2222-4222-8222-222222222222';

const plan = (overrides: Partial<Plan>): Plan => ({
  id: GOLD,
  serviceId: null,
  serviceName: null,
  name: 'Gold Monthly',
  description: null,
  kind: 'membership',
  price: '89.00',
  billingInterval: 'month',
  signupFee: '25.00',
  minimumTermPeriods: null,
  weeklyClassLimit: null,
  credits: null,
  validityDays: null,
  isActive: true,
  soldOnline: false,
  taxRateId: null,
  activeMemberships: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const PLANS = [
  plan({}),
  plan({
    id: PACK,
    name: '10 Class Pack',
    kind: 'class_pack',
    price: '120.00',
    billingInterval: null,
    signupFee: '0.00',
    credits: 10,
    validityDays: 90,
  }),
];

const ME = {
  user: { id: 'u1', email: 'owner@example.com', fullName: null },
  platformRole: 'user',
  currentOrganizationId: 'org-1',
  organizations: [{ id: 'org-1', name: 'Studio', role: 'owner' }],
} as unknown as Me;

let posted: Record<string, unknown>[];

mockApi(
  http.post('/api/members', async ({ request }) => {
    posted.push((await request.json()) as Record<string, unknown>);
    return Response.json({ id: 'new-member' }, { status: 201 });
  }),
  http.get('/api/plans', () => Response.json({ plans: PLANS })),
  http.get('/api/services', () => Response.json({ services: [{ id: 's1', name: 'Yoga' }] })),
);

beforeEach(() => {
  posted = [];
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
});

async function openMembershipStep() {
  renderWithProviders(<AddMemberWizard />, { me: ME, router: true });
  fireEvent.change(screen.getByLabelText('First Name *'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText('Last Name *'), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'ada@example.com' } });
  for (const heading of ['Address & Emergency', 'Membership & Health']) {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    });
    await screen.findByRole('heading', { name: heading });
  }
  const planSelect = (await screen.findByLabelText('Plan')) as HTMLSelectElement;
  await waitFor(() => expect(planSelect.options.length).toBe(3));
  return planSelect;
}

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create Member Dashboard' }));
  });

describe('Add member wizard: plan pick', () => {
  it('groups active plans by kind with their prices', async () => {
    const planSelect = await openMembershipStep();
    const groups = [...planSelect.querySelectorAll('optgroup')].map((group) => ({
      label: group.label,
      options: [...group.querySelectorAll('option')].map((o) => o.text),
    }));
    expect(groups).toEqual([
      { label: 'Membership', options: ['Gold Monthly · $89.00 / month'] },
      { label: 'Class pack', options: ['10 Class Pack · $120.00'] },
    ]);
  });

  it('sends the plan and payment; the free membership type gives way to the plan', async () => {
    const planSelect = await openMembershipStep();
    fireEvent.change(screen.getByLabelText('Membership Type'), { target: { value: 'Yoga' } });
    fireEvent.change(planSelect, { target: { value: GOLD } });
    expect(screen.queryByLabelText('Membership Type')).toBeNull();
    expect(screen.getByLabelText('Due today').textContent).toContain('$114.00');
    fireEvent.change(screen.getByLabelText('Payment*'), { target: { value: 'other' } });
    await submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.com',
      plan: { planId: GOLD, method: 'other' },
      membershipType: null,
    });
  });

  it('keeps the old membership type and sends no plan when none is picked', async () => {
    await openMembershipStep();
    fireEvent.change(screen.getByLabelText('Membership Type'), { target: { value: 'Yoga' } });
    await submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.membershipType).toBe('Yoga');
    expect(posted[0]).not.toHaveProperty('plan');
  });
});

describe('Add member wizard: a child without an email (docs/product/members.md#households)', () => {
  const HOUSEHOLD = { id: '33333333-3333-4333-8333-333333333333', name: 'The Parents' };

  it('submits with the email empty into the household it was opened from', async () => {
    renderWithProviders(<AddMemberWizard household={HOUSEHOLD} />, { me: ME, router: true });
    expect(screen.getByText('The Parents')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/the household payer books for them/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First Name *'), { target: { value: 'Kim' } });
    fireEvent.change(screen.getByLabelText('Last Name *'), { target: { value: 'Child' } });
    for (const heading of ['Address & Emergency', 'Membership & Health']) {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      });
      await screen.findByRole('heading', { name: heading });
    }
    await submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      firstName: 'Kim',
      lastName: 'Child',
      email: null,
      householdId: HOUSEHOLD.id,
    });
  });

  it('asks for an email when the member joins no household', () => {
    renderWithProviders(<AddMemberWizard />, { me: ME, router: true });
    fireEvent.change(screen.getByLabelText('First Name *'), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText('Last Name *'), { target: { value: 'Solo' } });
    expect(screen.getByLabelText('Email *')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
