import type {
  PlanChangePreview,
  planChangeQuerySchema,
  planChangeSchema,
} from '@fitbase/domain/contracts/plan-change';
import { describeDate, membershipTerms, periodEndDate } from '@fitbase/domain/membership-rules';
import { prorate, unusedPeriod } from '@fitbase/domain/proration';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { ActorScope } from '../../http/types.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { studioFormat, studioLocale } from '../../context/studio-format.ts';
import { studioToday } from '../../context/studio-time.ts';
import { refundCharge } from '../payments/payments.service.ts';
import { planForSale, type PlanRow } from '../plans/plans.service.ts';
import { saleTax, taxedCharge } from '../tax/tax.service.ts';
import { assertMinimumTerm, STATE_LABEL } from './membership-changes.service.ts';
import { sellInTransaction } from './membership-sale.ts';
import { afterChange, loadMembership, lockOr404, type SaleResult } from './memberships.service.ts';
import * as queries from './memberships.queries.ts';

/**
 * Changing a member's plan mid-cycle (docs/product/money-and-store.md#changing-plan): from today
 * (the unused days of the period paid are refunded and the new plan is sold from today) or from
 * the next billing date (the current plan ends the day before; the new one starts then and the
 * billing run charges its first period that day). Preview and change compute the same figures.
 */

type Query = z.output<typeof planChangeQuerySchema>;
type Change = z.output<typeof planChangeSchema>;

interface Computed {
  preview: PlanChangePreview;
  row: queries.MembershipWithPlan;
  target: PlanRow;
  chargeId: string | null;
  today: string;
}

const recurring = (plan: { kind: string; billingInterval: string | null }) =>
  plan.kind === 'membership' && plan.billingInterval !== null;

/** `lock`: the change locks what it reads; the preview runs in a read-only transaction. */
async function compute(tx: Tx, scope: ActorScope, id: string, q: Query, now: Date, lock: boolean) {
  const organizationId = scope.organizationId;
  const row = lock
    ? await lockOr404(tx, organizationId, id)
    : await queries.findMembership(tx, organizationId, id);
  if (!row) throw notFound('Membership');
  const { membership: m, plan } = row;
  if (!recurring(plan) || !plan.billingInterval)
    throw new AppError(
      'membership_state',
      `${plan.name} is not a recurring membership: sell the new plan instead.`,
    );
  if (m.status !== 'active')
    throw new AppError(
      'membership_state',
      `${plan.name} is ${STATE_LABEL[m.status]}: only an active membership can change plan.`,
    );
  if (m.cancelAtPeriodEnd || !m.nextBillingDate)
    throw new AppError(
      'membership_state',
      `${plan.name} already ends on ${describeDate(m.endDate ?? m.startDate, await studioLocale(tx, scope.organizationId))}: sell the new plan instead.`,
    );
  if (q.planId === plan.id)
    throw new AppError('validation_error', 'Choose a different plan', {
      planId: 'Choose a different plan',
    });
  const target = await planForSale(tx, scope, q.planId);
  if (!recurring(target) || !target.billingInterval)
    throw new AppError('validation_error', 'Choose a recurring membership plan', {
      planId: 'Choose a recurring membership plan',
    });
  const today = await studioToday(tx, organizationId, now);
  const period = unusedPeriod(
    { startDate: m.startDate, nextBillingDate: m.nextBillingDate },
    plan.billingInterval,
    today,
  );
  const paid = await queries.lastPlanCharge(tx, organizationId, m.id, lock);
  const paidForPeriod = paid?.unrefunded ?? '0.00';
  const { currency } = await studioFormat(tx, organizationId);
  const credit =
    q.when === 'today'
      ? prorate(paidForPeriod, period.unusedDays, period.periodDays, currency)
      : '0.00';
  // What the new plan's first charge takes: its price, with the tax its rate adds on top.
  const charge = taxedCharge(
    await saleTax(tx, organizationId, [target.taxRateId]),
    target.price,
    target.taxRateId,
  ).amount;
  const preview: PlanChangePreview = {
    when: q.when,
    fromPlan: { id: plan.id, name: plan.name, price: m.price },
    toPlan: {
      id: target.id,
      name: target.name,
      price: target.price,
      billingInterval: target.billingInterval,
    },
    startsOn: q.when === 'today' ? today : m.nextBillingDate,
    ...period,
    paidForPeriod,
    credit,
    charge,
    net: q.when === 'today' ? formatMills(toMills(charge) - toMills(credit)) : '0.00',
  };
  return { preview, row, target, chargeId: paid?.id ?? null, today } satisfies Computed;
}

/** What the change would credit and charge, for staff to read before confirming. */
export async function previewPlanChange(
  scope: ActorScope,
  id: string,
  q: Query,
  now: Date = new Date(),
): Promise<PlanChangePreview> {
  return scope.db.transaction(async (tx) => (await compute(tx, scope, id, q, now, false)).preview);
}

/**
 * The change, in one transaction. A declined card on the new plan's charge changes nothing but
 * leaves the failed payment on record (answered 409, as a sale is).
 */
export async function changePlan(
  scope: ActorScope,
  id: string,
  input: Change,
  now: Date = new Date(),
): Promise<SaleResult> {
  return scope.db.transaction(async (tx) => {
    const c = await compute(tx, scope, id, input, now, true);
    const { preview, row, target, today } = c;
    const { membership: m, plan } = row;
    if (preview.credit !== input.expectedCredit || preview.charge !== input.expectedCharge)
      throw conflict('The amounts changed since you looked at them: check them and confirm again.');
    const organizationId = scope.organizationId;
    const stopped = { cancelledAt: now, nextRetryDate: null, nextBillingDate: null };
    if (input.when === 'next_cycle') {
      const lastDay = periodEndDate(preview.startsOn);
      await assertMinimumTerm(tx, scope.organizationId, row, lastDay);
      await queries.updateMembership(tx, organizationId, m.id, {
        ...stopped,
        cancelAtPeriodEnd: true,
        cancelReason: `Changes to ${target.name} on ${describeDate(preview.startsOn, await studioLocale(tx, organizationId))}`,
        endDate: lastDay < m.startDate ? m.startDate : lastDay,
      });
      const terms = membershipTerms(target, preview.startsOn);
      const next = await queries.insertMembership(tx, {
        organizationId,
        memberId: m.memberId,
        planId: target.id,
        status: 'active',
        price: target.price,
        startDate: preview.startsOn,
        endDate: terms.endDate,
        // Nothing is paid yet: the billing run charges the first period on its first day.
        nextBillingDate: preview.startsOn,
        creditsRemaining: terms.creditsRemaining,
        soldBy: scope.userId,
        createdAt: now,
      });
      await afterChange(tx, scope.work, organizationId, m.memberId, m.id);
      await afterChange(tx, scope.work, organizationId, m.memberId, next.id);
      return { ok: true, membership: await loadMembership(tx, organizationId, next.id) };
    }
    if (!input.method)
      throw new AppError('validation_error', 'Choose how the member pays', {
        method: 'Choose how the member pays',
      });
    await assertMinimumTerm(tx, scope.organizationId, row, today);
    const sale = await sellInTransaction(tx, scope, m.memberId, target, {
      startDate: today,
      method: input.method,
      paymentMethodId: input.paymentMethodId,
      // A change of plan is not a new sign-up: no sign-up fee.
      renewal: true,
      now,
    });
    if (!sale.ok) return { ok: false, failure: sale.failure };
    await queries.updateMembership(tx, organizationId, m.id, {
      ...stopped,
      status: 'cancelled',
      cancelAtPeriodEnd: false,
      cancelReason: `Changed to ${target.name}`,
      endDate: m.startDate > today ? m.startDate : today,
    });
    if (c.chargeId && toMills(preview.credit) > 0)
      await refundCharge(tx, scope, {
        chargeId: c.chargeId,
        amount: preview.credit,
        reason: `Plan changed to ${target.name}: ${preview.unusedDays} of ${preview.periodDays} days of ${plan.name} unused`,
        occurredAt: now,
      });
    await afterChange(tx, scope.work, organizationId, m.memberId, m.id);
    await afterChange(tx, scope.work, organizationId, m.memberId, sale.membership.id);
    return { ok: true, membership: await loadMembership(tx, organizationId, sale.membership.id) };
  });
}
