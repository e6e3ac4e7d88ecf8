import type { Membership, membershipCancelSchema } from '@fitbase/domain/contracts/plans';
import {
  describeDate,
  isCurrentMembership,
  minimumTermEnd,
  pauseProblem,
  pauseShift,
  periodEndDate,
  resumeShift,
  servesMinimumTerm,
} from '@fitbase/domain/membership-rules';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { StudioScope } from '../../http/types.ts';
import { AppError } from '../../lib/errors.ts';
import * as queries from './memberships.queries.ts';
import { studioToday } from '../../context/studio-time.ts';
import { studioLocale } from '../../context/studio-format.ts';
import { afterChange, loadMembership, lockOr404 } from './memberships.service.ts';

/**
 * Staff changes to a running membership: pause, resume, cancel
 * (docs/product/money-and-store.md#dates-pauses-cancelling). Each is one transaction that ends
 * with the member's status and the live updates.
 */

type Cancel = z.output<typeof membershipCancelSchema>;

export const STATE_LABEL: Record<string, string> = {
  active: 'active',
  paused: 'paused',
  past_due: 'past due',
  cancelled: 'cancelled',
  expired: 'expired',
};

/**
 * A pause starts on `pausedOn` (today): paused until `resumesOn`, the next billing and end
 * dates moved by the paused days, the pause recorded. Staff pauses, members' own pauses and
 * the lifecycle job starting a pause booked ahead all go through it.
 */
export async function applyPause(
  tx: Db | Tx,
  organizationId: string,
  m: { id: string; nextBillingDate: string | null; endDate: string | null },
  pausedOn: string,
  resumesOn: string,
): Promise<void> {
  const shifted = pauseShift(m, pausedOn, resumesOn);
  await queries.updateMembership(tx, organizationId, m.id, {
    status: 'paused',
    pausedOn,
    resumesOn,
    nextBillingDate: shifted.nextBillingDate,
    endDate: shifted.endDate,
    pauseStartsOn: null,
    pauseResumesOn: null,
  });
  await queries.openPause(tx, organizationId, m.id, pausedOn);
}

/** Pause from today until `resumesOn`: next billing and end dates move by the paused days. */
export async function pauseMembership(
  scope: StudioScope,
  id: string,
  input: { resumesOn: string },
  now: Date = new Date(),
): Promise<Membership> {
  return scope.db.transaction(async (tx) => {
    const { membership: m, plan } = await lockOr404(tx, scope.organizationId, id);
    if (m.status !== 'active')
      throw new AppError(
        'membership_state',
        `Only an active membership can be paused: ${plan.name} is ${STATE_LABEL[m.status]}.`,
      );
    const today = await studioToday(tx, scope.organizationId, now);
    const problem = pauseProblem(today, input.resumesOn);
    if (problem) throw new AppError('validation_error', problem, { resumesOn: problem });
    await applyPause(tx, scope.organizationId, m, today, input.resumesOn);
    await afterChange(tx, scope.work, scope.organizationId, m.memberId, id);
    return loadMembership(tx, scope.organizationId, id);
  });
}

/** Resume now: the days of the pause not used come back off the shifted dates. */
export async function resumeMembership(
  scope: StudioScope,
  id: string,
  now: Date = new Date(),
): Promise<Membership> {
  return scope.db.transaction(async (tx) => {
    const { membership: m, plan } = await lockOr404(tx, scope.organizationId, id);
    if (m.status !== 'paused')
      throw new AppError('membership_state', `${plan.name} is not paused.`);
    const today = await studioToday(tx, scope.organizationId, now);
    const dates = m.resumesOn ? resumeShift(m, today, m.resumesOn) : m;
    await queries.updateMembership(tx, scope.organizationId, id, {
      status: 'active',
      pausedOn: null,
      resumesOn: null,
      nextBillingDate: dates.nextBillingDate,
      endDate: dates.endDate,
    });
    await queries.closePause(tx, scope.organizationId, id, today);
    await afterChange(tx, scope.work, scope.organizationId, m.memberId, id);
    return loadMembership(tx, scope.organizationId, id);
  });
}

export async function assertMinimumTerm(
  tx: Db | Tx,
  organizationId: string,
  row: queries.MembershipWithPlan,
  lastDay: string,
): Promise<void> {
  const termEnd = minimumTermEnd(
    row.membership.startDate,
    row.plan.billingInterval,
    row.plan.minimumTermPeriods,
  );
  if (termEnd && !servesMinimumTerm(lastDay, termEnd)) {
    const periods = row.plan.minimumTermPeriods!;
    const unit = `${row.plan.billingInterval}${periods === 1 ? '' : 's'}`;
    throw new AppError(
      'membership_state',
      `${row.plan.name} has a minimum term of ${periods} ${unit}: it can end on ${describeDate(termEnd, await studioLocale(tx, organizationId))} at the earliest.`,
    );
  }
}

/**
 * Cancel now (status cancelled today, no refund: staff refund from payments) or at period end
 * (the last day is the day before the next billing date; billing stops).
 */
export async function cancelMembership(
  scope: StudioScope,
  id: string,
  input: Cancel,
  now: Date = new Date(),
): Promise<Membership> {
  return scope.db.transaction(async (tx) => {
    const row = await lockOr404(tx, scope.organizationId, id);
    const { membership: m, plan } = row;
    if (!isCurrentMembership(m.status))
      throw new AppError('membership_state', `${plan.name} is already ${STATE_LABEL[m.status]}.`);
    const today = await studioToday(tx, scope.organizationId, now);
    const stopped = { cancelReason: input.reason, cancelledAt: now, nextRetryDate: null };
    if (input.when === 'now') {
      await assertMinimumTerm(tx, scope.organizationId, row, today);
      await queries.updateMembership(tx, scope.organizationId, id, {
        ...stopped,
        status: 'cancelled',
        cancelAtPeriodEnd: false,
        // A membership cancelled before it started ends on its start date.
        endDate: m.startDate > today ? m.startDate : today,
        nextBillingDate: null,
        pausedOn: null,
        resumesOn: null,
      });
    } else {
      if (m.cancelAtPeriodEnd)
        throw new AppError(
          'membership_state',
          `${plan.name} already ends on ${describeDate(m.endDate ?? today, await studioLocale(tx, scope.organizationId))}.`,
        );
      const lastDay = m.nextBillingDate ? periodEndDate(m.nextBillingDate) : m.endDate;
      if (!lastDay)
        throw new AppError(
          'membership_state',
          `${plan.name} has no end date: cancel it now instead.`,
        );
      await assertMinimumTerm(tx, scope.organizationId, row, lastDay);
      await queries.updateMembership(tx, scope.organizationId, id, {
        ...stopped,
        cancelAtPeriodEnd: true,
        endDate: lastDay < m.startDate ? m.startDate : lastDay,
        nextBillingDate: null,
      });
    }
    await afterChange(tx, scope.work, scope.organizationId, m.memberId, id);
    return loadMembership(tx, scope.organizationId, id);
  });
}
