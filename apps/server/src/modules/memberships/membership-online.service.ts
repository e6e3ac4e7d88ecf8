import type { PortalMembershipCancelTerms } from '@fitbase/domain/contracts/portal';
import {
  describeDate,
  isCurrentMembership,
  minimumTermEnd,
  onlineCancelLastDay,
  onlinePauseProblem,
  pauseShift,
  periodEndDate,
} from '@fitbase/domain/membership-rules';
import { addDays } from '@fitbase/domain/recurrence';
import type { Db, Tx } from '../../db/client.ts';
import { studioToday } from '../../context/studio-time.ts';
import { studioLocale } from '../../context/studio-format.ts';
import type { ActorScope } from '../../http/types.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { loadMembershipRules } from './membership-rules.service.ts';
import { membershipEmailJob } from './memberships.jobs.ts';
import * as queries from './memberships.queries.ts';
import { applyPause } from './membership-changes.service.ts';
import { afterChange } from './memberships.service.ts';

/**
 * A member's own changes to their membership in the portal (docs/product/member-portal.md#membership):
 * cancelling online, as easy as joining. The last day follows the plan's minimum term and the
 * studio's notice period, is shown before confirming and emailed after.
 */

const MEMBERSHIP = 'Membership';

async function ownMembership(
  tx: Db | Tx,
  organizationId: string,
  memberId: string,
  id: string,
  lock = false,
) {
  const row = await queries.findMembership(tx, organizationId, id, { lock });
  // Another member's membership answers like one that does not exist.
  if (!row || row.membership.memberId !== memberId) throw notFound(MEMBERSHIP);
  return row;
}

/** Whether the member may cancel this one online: a running, billed membership not yet ending. */
export function cancellableOnline(row: queries.MembershipWithPlan): boolean {
  const { membership: m, plan } = row;
  return plan.kind === 'membership' && isCurrentMembership(m.status) && !m.cancelAtPeriodEnd;
}

async function termsOf(
  tx: Db | Tx,
  organizationId: string,
  row: queries.MembershipWithPlan,
  now: Date,
) {
  const { membership: m, plan } = row;
  const locale = await studioLocale(tx, organizationId);
  if (!cancellableOnline(row))
    throw new AppError(
      'membership_state',
      m.cancelAtPeriodEnd
        ? `${plan.name} already ends on ${describeDate(m.endDate ?? '', locale)}.`
        : `${plan.name} cannot be cancelled here: ask the studio.`,
    );
  const today = await studioToday(tx, organizationId, now);
  const rules = await loadMembershipRules(tx, organizationId);
  const lastDay = onlineCancelLastDay({
    today,
    startDate: m.startDate,
    nextBillingDate: m.nextBillingDate,
    endDate: m.endDate,
    interval: plan.billingInterval,
    minimumTermPeriods: plan.minimumTermPeriods,
    noticeDays: rules.cancelNoticeDays,
  });
  if (!lastDay)
    throw new AppError(
      'membership_state',
      `${plan.name} cannot be cancelled here: ask the studio.`,
    );
  const termEnd = minimumTermEnd(m.startDate, plan.billingInterval, plan.minimumTermPeriods);
  const currentPeriodEnd = m.nextBillingDate ? periodEndDate(m.nextBillingDate) : null;
  let why = 'the end of the current billing period';
  if (termEnd && lastDay <= termEnd && lastDay !== currentPeriodEnd)
    why = `the end of its minimum term of ${plan.minimumTermPeriods} ${plan.billingInterval}${plan.minimumTermPeriods === 1 ? '' : 's'}`;
  else if (lastDay !== currentPeriodEnd)
    why = `the end of the billing period in which the studio's ${rules.cancelNoticeDays} days' notice runs`;
  const message = `${plan.name} ends on ${describeDate(lastDay, locale)}, ${why}. You can use it until then; no payment is taken after that.`;
  return { lastDay, message, nextBillingDate: m.nextBillingDate };
}

/** What cancelling now means: the last day and why, before the member confirms. */
export async function onlineCancelTerms(
  scope: ActorScope,
  memberId: string,
  id: string,
  now = new Date(),
): Promise<PortalMembershipCancelTerms> {
  const row = await ownMembership(scope.db, scope.organizationId, memberId, id);
  const { lastDay, message } = await termsOf(scope.db, scope.organizationId, row, now);
  return { lastDay, message };
}

/**
 * `Cancel membership`: it runs until its last day, billed until then, then ends by itself (the
 * lifecycle job); the member gets an email with the date, staff see it on the member.
 */
export async function cancelMembershipOnline(
  scope: ActorScope,
  memberId: string,
  id: string,
  input: { reason?: string },
  now = new Date(),
): Promise<PortalMembershipCancelTerms> {
  return scope.db.transaction(async (tx) => {
    const { organizationId } = scope;
    const row = await ownMembership(tx, organizationId, memberId, id, true);
    const terms = await termsOf(tx, organizationId, row, now);
    const next = terms.nextBillingDate;
    await queries.updateMembership(tx, organizationId, id, {
      cancelAtPeriodEnd: true,
      endDate: terms.lastDay,
      // Billed for the periods the notice or the term still covers, and no further.
      nextBillingDate: next && next <= terms.lastDay ? next : null,
      cancelReason: input.reason?.trim() || 'Cancelled online by the member',
      cancelledAt: now,
      nextRetryDate: null,
    });
    await afterChange(tx, scope.work, organizationId, memberId, id);
    await enqueueJob(scope.work, membershipEmailJob, {
      type: 'cancelled_online',
      organizationId,
      membershipId: id,
    });
    return { lastDay: terms.lastDay, message: terms.message };
  });
}

/** A membership a member may pause online: a running, billed one with no pause booked. */
export function pausableOnline(m: {
  status: string;
  cancelAtPeriodEnd: boolean;
  pauseStartsOn: string | null;
  kind: string;
}): boolean {
  return (
    m.kind === 'membership' && m.status === 'active' && !m.cancelAtPeriodEnd && !m.pauseStartsOn
  );
}

/**
 * `Pause membership`: from the first to the last paused day (it resumes the day after), within
 * the studio's pause rules. Starting today it pauses at once; later, it is booked and the
 * lifecycle job starts it on its day. Billing moves as when staff pause.
 */
export async function pauseMembershipOnline(
  scope: ActorScope,
  memberId: string,
  id: string,
  input: { firstDay: string; lastDay: string },
  now = new Date(),
): Promise<{ message: string }> {
  return scope.db.transaction(async (tx) => {
    const { organizationId } = scope;
    const row = await ownMembership(tx, organizationId, memberId, id, true);
    const { membership: m, plan } = row;
    const locale = await studioLocale(tx, organizationId);
    if (!pausableOnline({ ...m, kind: plan.kind }))
      throw new AppError(
        'membership_state',
        m.pauseStartsOn
          ? `${plan.name} already has a pause booked from ${describeDate(m.pauseStartsOn, locale)}.`
          : `${plan.name} cannot be paused here: ask the studio.`,
      );
    const today = await studioToday(tx, organizationId, now);
    const rules = await loadMembershipRules(tx, organizationId);
    const problem = onlinePauseProblem({
      today,
      firstDay: input.firstDay,
      lastDay: input.lastDay,
      pausesThatYear: await queries.pausesStartedIn(
        tx,
        organizationId,
        id,
        Number(input.firstDay.slice(0, 4)),
      ),
      rules,
    });
    if (problem) throw new AppError('validation_error', problem, { lastDay: problem });
    if (m.endDate && input.firstDay > m.endDate)
      throw new AppError('validation_error', `${plan.name} ends on ${describeDate(m.endDate, locale)}.`);
    const resumesOn = addDays(input.lastDay, 1);
    if (input.firstDay === today) await applyPause(tx, organizationId, m, today, resumesOn);
    else
      await queries.updateMembership(tx, organizationId, id, {
        pauseStartsOn: input.firstDay,
        pauseResumesOn: resumesOn,
      });
    await afterChange(tx, scope.work, organizationId, memberId, id);
    const shifted = pauseShift(m, input.firstDay, resumesOn).nextBillingDate;
    const charge = shifted ? ` Your next charge moves to ${describeDate(shifted, locale)}.` : '';
    return {
      message: `${plan.name} is paused from ${describeDate(input.firstDay, locale)} to ${describeDate(input.lastDay, locale)} and resumes on ${describeDate(resumesOn, locale)}.${charge}`,
    };
  });
}

/** The receipt of a plan a member bought online, emailed once the sale commits. */
export async function queuePurchaseReceipt(
  work: ActorScope['work'],
  organizationId: string,
  membershipId: string,
): Promise<void> {
  await enqueueJob(work, membershipEmailJob, {
    type: 'bought_online',
    organizationId,
    membershipId,
  });
}
