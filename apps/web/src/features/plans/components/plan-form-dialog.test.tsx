import { formatMoney } from '@fitbase/domain/studio-format';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { formatPlanPrice, planDetails } from '../lib/plan-format';
import { planFormSchema } from '../lib/plan-form';
import { PlanForm } from './plan-form-dialog';

const VAT = '33333333-3333-4333-8333-333333333333';
/** The studio's tax rates (GET /api/tax): none unless a test sets them. */
let taxRates: unknown[] = [];
const api = mockApi(
  http.get('/api/tax', () =>
    Response.json({ rates: taxRates, feeTaxRateId: null, rounding: 'half_up' }),
  ),
);

afterEach(() => {
  cleanup();
  taxRates = [];
});

function renderForm() {
  const onDone = vi.fn();
  renderWithProviders(
    <PlanForm
      services={[{ id: '2f0d3f36-7f3a-4a8e-9d6b-3b8f3f1c2a11', name: 'Yoga' }]}
      onDone={onDone}
    />,
  );
  return { onDone };
}

const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PlanForm kind-dependent fields', () => {
  it('asks a class pack for credits and validity, and shows no membership fields', async () => {
    renderForm();
    change('Plan Name*', '10 Class Pack');
    change('Plan Type*', 'class_pack');
    change('Price ($)*', '120');
    expect(screen.queryByLabelText('Billing Interval*')).toBeNull();
    expect(screen.queryByLabelText('Sign-up Fee ($)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await screen.findByText('Credits are required');
    screen.getByText('Valid for (days) is required');
  });

  it('asks a membership for its billing interval; a trial for its length', async () => {
    renderForm();
    change('Plan Name*', 'Gold');
    change('Price ($)*', '89');
    change('Billing Interval*', '');
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await screen.findByText('Choose week, month or year');
    change('Plan Type*', 'trial');
    expect(screen.queryByLabelText('Billing Interval*')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await screen.findByText('Valid for (days) is required');
  });

  it('refuses three decimals and a fractional credit count with the contract messages', async () => {
    renderForm();
    change('Plan Name*', 'Pack');
    change('Plan Type*', 'class_pack');
    change('Price ($)*', '12.345');
    change('Credits*', '1.5');
    change('Valid for (days)*', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await screen.findByText('USD amounts have at most 2 decimals');
    screen.getByText('Credits must be a whole number');
  });

  it('sends the fields of its kind only, and shows server field errors on the fields', async () => {
    const bodies: unknown[] = [];
    api.use(
      http.post('/api/plans', async ({ request }) => {
        bodies.push(await request.json());
        return new Response(
          JSON.stringify({
            error: {
              code: 'validation_error',
              message: 'Check the highlighted fields',
              fields: { name: 'A plan named Gold already exists' },
            },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        );
      }),
    );
    renderForm();
    change('Plan Name*', 'Gold');
    change('Price ($)*', '89');
    change('Sign-up Fee ($)', '25');
    change('Classes per Week', '3');
    // Switching to class pack and back hides nothing stale: a pack's credits are never sent.
    change('Plan Type*', 'class_pack');
    change('Credits*', '10');
    change('Plan Type*', 'membership');
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await screen.findByText('A plan named Gold already exists');
    expect(bodies[0]).toMatchObject({
      name: 'Gold',
      kind: 'membership',
      price: '89.00',
      billingInterval: 'month',
      signupFee: '25.00',
      weeklyClassLimit: 3,
      credits: null,
      validityDays: null,
      serviceId: null,
      soldOnline: false,
      taxRateId: null,
    });
  });

  it('sends Sold online when it is switched on', async () => {
    const bodies: unknown[] = [];
    api.use(
      http.post('/api/plans', async ({ request }) => {
        bodies.push(await request.json());
        return new Response(JSON.stringify({ error: { code: 'x', message: 'No' } }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderForm();
    change('Plan Name*', 'Gold');
    change('Price ($)*', '89');
    screen.getByText('Members can buy it in their portal.');
    fireEvent.click(screen.getByRole('switch', { name: 'Sold online' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Gold', soldOnline: true });
  });
});

describe('PlanForm tax rate', () => {
  it("offers the studio's active rates and sends the one chosen", async () => {
    taxRates = [
      {
        id: VAT,
        name: 'VAT',
        rate: '20.0000',
        inclusive: true,
        isActive: true,
        usedBy: { plans: 0, products: 0, fees: false },
      },
      {
        id: '44444444-4444-4444-8444-444444444444',
        name: 'Old VAT',
        rate: '19.0000',
        inclusive: true,
        isActive: false,
        usedBy: { plans: 0, products: 0, fees: false },
      },
    ];
    const bodies: unknown[] = [];
    api.use(
      http.post('/api/plans', async ({ request }) => {
        bodies.push(await request.json());
        return new Response(JSON.stringify({ error: { code: 'x', message: 'No' } }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderForm();
    const select = (await screen.findByLabelText('Tax rate')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['No tax', 'VAT (20%, included)']);
    change('Plan Name*', 'Gold');
    change('Price ($)*', '89');
    change('Tax rate', VAT);
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Gold', taxRateId: VAT });
  });
});

describe('planFormSchema', () => {
  it('clears the fields a kind does not use before validating them', () => {
    const parsed = planFormSchema.parse({
      serviceId: '',
      name: 'Drop-in',
      kind: 'drop_in',
      price: '20',
      billingInterval: 'month',
      signupFee: 'not money',
      credits: 2.5,
      validityDays: null,
    });
    expect(parsed).toMatchObject({
      serviceId: null,
      billingInterval: null,
      signupFee: '0.00',
      credits: null,
      price: '20.00',
    });
  });
});

describe('plan money formatting', () => {
  const plan = {
    id: 'p',
    serviceId: null,
    serviceName: null,
    name: 'Gold',
    description: null,
    kind: 'membership' as const,
    price: '1089.10',
    billingInterval: 'month' as const,
    signupFee: '0.30',
    minimumTermPeriods: 3,
    weeklyClassLimit: 2,
    credits: null,
    validityDays: null,
    isActive: true,
    soldOnline: false,
    taxRateId: null,
    activeMemberships: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
  };

  it('shows exact strings, never float artefacts', () => {
    const money = (amount: string) => formatMoney(amount, { currency: 'USD', locale: 'en-US' });
    expect(formatPlanPrice(plan, money)).toBe('$1,089.10 / month');
    expect(formatPlanPrice({ price: '0.1', billingInterval: null }, money)).toBe('$0.10');
    expect(planDetails(plan, money)).toEqual([
      '$0.30 sign-up fee',
      '2 classes per week',
      'minimum 3 months',
    ]);
    expect(planDetails({ ...plan, signupFee: '0.00' }, money)).not.toContain('$0.00 sign-up fee');
  });

  it("writes counts in the studio's digits", () => {
    const euro = (amount: string) => formatMoney(amount, { currency: 'EUR', locale: 'de-DE' });
    const pack = { ...plan, billingInterval: null, credits: 1000, validityDays: 1200 };
    expect(planDetails(pack, euro, 'de-DE')).toEqual([
      '0,30\u00a0€ sign-up fee',
      '1.000 credits',
      'valid 1.200 days',
      '2 classes per week',
    ]);
    const dollars = (amount: string) => formatMoney(amount, { currency: 'USD', locale: 'en-US' });
    expect(planDetails(pack, dollars, 'en-US')).toContain('1,000 credits');
  });
});
