import type { Plan } from '@fitbase/domain/contracts/plans';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SellPlanDialog } from './sell-plan-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

// Households (docs/product/members.md#households): a class pack may be sold as shared with the
// member's household; a plan without credits offers no such choice.

const plan = (id: string, kind: Plan['kind'], credits: number | null): Plan => ({
  id,
  serviceId: null,
  serviceName: null,
  name: kind === 'class_pack' ? '10 Class Pack' : 'Monthly',
  description: null,
  kind,
  price: '120.00',
  billingInterval: kind === 'membership' ? 'month' : null,
  signupFee: '0.00',
  minimumTermPeriods: null,
  weeklyClassLimit: null,
  credits,
  validityDays: credits ? 90 : null,
  isActive: true,
  soldOnline: false,
  taxRateId: null,
  activeMemberships: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const PACK = '22222222-2222-4222-8222-222222222222';
const MONTHLY = '33333333-3333-4333-8333-333333333333';

let sales: unknown[];
mockApi(
  http.get('/api/plans', () =>
    Response.json({ plans: [plan(PACK, 'class_pack', 10), plan(MONTHLY, 'membership', null)] }),
  ),
  http.get('/api/members/member-1/payment-methods', () => Response.json([])),
  http.post('/api/members/member-1/memberships', async ({ request }) => {
    sales.push(await request.json());
    return Response.json({ id: 'm-1' }, { status: 201 });
  }),
);
beforeEach(() => {
  sales = [];
});
afterEach(cleanup);

describe('Sell Plan with a household', () => {
  it('sells a class pack shared with the household when asked', async () => {
    renderWithProviders(<SellPlanDialog memberId="member-1" open onOpenChange={() => {}} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Sell Plan' }));
    await waitFor(() =>
      expect(dialog.getAllByRole('option').some((o) => o.textContent?.includes('Monthly'))).toBe(
        true,
      ),
    );
    fireEvent.change(dialog.getByLabelText('Plan*'), { target: { value: MONTHLY } });
    expect(dialog.queryByLabelText('Share credits with household')).toBeNull();
    fireEvent.change(dialog.getByLabelText('Plan*'), { target: { value: PACK } });
    fireEvent.click(dialog.getByLabelText('Share credits with household'));
    fireEvent.change(dialog.getByLabelText('Payment*'), { target: { value: 'cash' } });
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Sell Plan' }));
    });
    await waitFor(() => expect(sales).toHaveLength(1));
    expect(sales[0]).toMatchObject({ planId: PACK, method: 'cash', sharedWithHousehold: true });
  });
});
