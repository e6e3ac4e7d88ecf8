import type { MemberPlanSale } from '@fitbase/domain/contracts/members';
import type {
  MemberMemberships,
  Membership,
  membershipRenewSchema,
  membershipSellSchema,
} from '@fitbase/domain/contracts/plans';
import {
  deriveMemberStatus,
  isCurrentMembership,
  nextBillingDate,
} from '@fitbase/domain/membership-rules';
import { BILLING_RETRY_DAYS } from '@fitbase/domain/money-constants';
import { addDays } from '@fitbase/domain/recurrence';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { ActorScope, StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { getMember, setMembershipFields } from '../members/members.service.ts';
import { balanceOwed, type ChargeResult, type PaymentScope } from '../payments/payments.service.ts';
import { planForSale } from '../plans/plans.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { studioToday } from '../../context/studio-time.ts';
import {
  firstSaleTotal,
  sellInTransaction,
  type SaleOutcome,
  type SaleRequest,
} from './membership-sale.ts';
import * as queries from './memberships.queries.ts';

// Bookings call these (the cross-module functions of docs/product/money-and-store.md).
export {
  releaseBookingEntitlement,
  takeBookingEntitlement,
} from './membership-entitlements.service.ts';

type Sell = z.output<typeof membershipSellSchema>;
type Renew = z.output<typeof membershipRenewSchema>;
export type SaleResult =
  { ok: true; membership: Membership } | { ok: false; failure: ChargeResult };

const MEMBERSHIP = 'Membership';

export function serializeMembership(
  row: queries.MembershipWithPlan & { amountDue: string },
): Membership {
  const { membership: m, plan } = row;
  return {
    id: m.id,
    memberId: m.memberId,
    plan: {
      id: plan.id,
      name: plan.name,
      kind: plan.kind,
      billingInterval: plan.billingInterval,
      weeklyClassLimit: plan.weeklyClassLimit,
    },
    status: m.status,
    price: m.price,
    startDate: m.startDate,
    endDate: m.endDate,
    nextBillingDate: m.nextBillingDate,
    creditsRemaining: m.creditsRemaining,
    pausedOn: m.pausedOn,
    resumesOn: m.resumesOn,
    pauseStartsOn: m.pauseStartsOn,
    pauseResumesOn: m.pauseResumesOn,
    cancelAtPeriodEnd: m.cancelAtPeriodEnd,
    cancelReason: m.cancelReason,
    failedAttempts: m.failedAttempts,
    nextRetryDate: m.nextRetryDate,
    amountDue: row.amountDue,
    createdAt: m.createdAt.toISOString(),
  };
}

export async function loadMembership(tx: Db | Tx, organizationId: string, id: string) {
  const row = await queries.findMembership(tx, organizationId, id);
  if (!row) throw notFound(MEMBERSHIP);
  const amountDue = await queries.membershipAmountDue(tx, organizationId, id);
  return serializeMembership({ ...row, amountDue });
}

/**
 * THE one rule (packages/domain/src/membership-rules.ts deriveMemberStatus): the member's
 * membership_status, membership_type and dates follow from their memberships. A member with
 * none keeps what staff set. Called after every change of a membership.
 */
export async function syncMemberStatus(
  tx: Db | Tx,
  unit: UnitOfWork,
  organizationId: string,
  memberId: string,
): Promise<void> {
  const derived = deriveMemberStatus(
    await queries.membershipsForStatus(tx, organizationId, memberId),
  );
  if (!derived) return;
  await setMembershipFields(tx, organizationId, memberId, derived);
  publishChange(unit, {
    organizationId,
    entity: 'members',
    action: 'updated',
    ids: [memberId],
  });
}

/** Every write ends here: member status, then the live updates of money and members. */
export async function afterChange(
  tx: Db | Tx,
  unit: UnitOfWork,
  organizationId: string,
  memberId: string,
  id: string,
) {
  await syncMemberStatus(tx, unit, organizationId, memberId);
  publishChange(unit, { organizationId, entity: 'money', action: 'updated', ids: [id] });
  publishChange(unit, { organizationId, entity: 'dashboard', action: 'updated', ids: [id] });
}

export async function listMemberMemberships(
  scope: StudioScope,
  memberId: string,
): Promise<MemberMemberships> {
  await getMember(scope, memberId);
  const rows = await queries.listMemberMemberships(scope.db, scope.organizationId, memberId);
  return {
    memberships: rows.map(serializeMembership),
    balanceOwed: await balanceOwed(scope.db, scope.organizationId, memberId),
  };
}

async function finishSale(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  memberId: string,
  sale: SaleOutcome,
) {
  if (!sale.ok) return { ok: false as const, failure: sale.failure };
  await afterChange(tx, unit, organizationId, memberId, sale.membership.id);
  return {
    ok: true as const,
    membership: await loadMembership(tx, organizationId, sale.membership.id),
  };
}

function assertStartDate(today: string, startDate: string) {
  const latest = addDays(today, 365);
  if (startDate < today || startDate > latest)
    throw new AppError('validation_error', 'Start date must be between today and a year from now', {
      startDate: 'Start date must be between today and a year from now',
    });
}

/**
 * Sell a plan to a member (docs/product/money-and-store.md#plans-and-memberships). A declined
 * card answers `{ ok: false }` after the failed payment was written: the route answers 409
 * without rolling it back.
 */
export async function sellMembership(
  scope: ActorScope,
  memberId: string,
  /** giftCard: one that pays first (the portal's Buy with a code; ADR 0040). */
  input: Sell & Pick<SaleRequest, 'giftCard'>,
  now: Date = new Date(),
): Promise<SaleResult> {
  return scope.db.transaction(async (tx) => {
    await getMember({ ...scope, db: tx }, memberId);
    const plan = await planForSale(tx, scope, input.planId);
    if (input.sharedWithHousehold && plan.credits === null) {
      const message = 'Only a class pack’s credits can be shared with the household';
      throw new AppError('validation_error', message, { sharedWithHousehold: message });
    }
    const today = await studioToday(tx, scope.organizationId, now);
    const startDate = input.startDate ?? today;
    assertStartDate(today, startDate);
    const sale = await sellInTransaction(tx, scope, memberId, plan, { ...input, startDate, now });
    return finishSale(tx, scope.work, scope.organizationId, memberId, sale);
  });
}

/**
 * What selling the plan charges in all (price and sign-up fee with their tax): the portal's Buy
 * needs no card when a gift card covers it (ADR 0040).
 */
export async function planSaleTotal(scope: ActorScope, planId: string): Promise<string> {
  const plan = await planForSale(scope.db, scope, planId);
  return firstSaleTotal(scope.db, scope.organizationId, plan);
}

/** The add-member wizard's plan, sold with the new member in its transaction (cash or other). */
export async function sellPlanToNewMember(
  tx: Tx,
  scope: PaymentScope & { role: StudioScope['role'] },
  memberId: string,
  sale: MemberPlanSale,
  now: Date = new Date(),
): Promise<void> {
  const plan = await planForSale(tx, scope, sale.planId);
  const startDate = await studioToday(tx, scope.organizationId, now);
  const outcome = await sellInTransaction(tx, scope, memberId, plan, {
    startDate,
    method: sale.method,
    now,
  });
  // Cash and other are recorded, never declined.
  if (!outcome.ok) throw new AppError('internal_error', 'The sale could not be recorded');
  await afterChange(tx, scope.work, scope.organizationId, memberId, outcome.membership.id);
}

/**
 * Renew: a new period of the same plan, charged now, as a new membership from today. For class
 * packs, drop-ins and trials at any time (credits add up), for a recurring membership once it
 * ended (a running one renews itself by billing).
 */
export async function renewMembership(
  scope: StudioScope,
  id: string,
  input: Renew,
  now: Date = new Date(),
): Promise<SaleResult> {
  return scope.db.transaction(async (tx) => {
    const current = await queries.findMembership(tx, scope.organizationId, id);
    if (!current) throw notFound(MEMBERSHIP);
    if (current.plan.kind === 'membership' && isCurrentMembership(current.membership.status))
      throw new AppError(
        'membership_state',
        `${current.plan.name} is still running and renews itself on its billing date.`,
      );
    const plan = await planForSale(tx, scope, current.plan.id);
    const startDate = await studioToday(tx, scope.organizationId, now);
    const sale = await sellInTransaction(tx, scope, current.membership.memberId, plan, {
      ...input,
      startDate,
      renewal: true,
      now,
    });
    return finishSale(tx, scope.work, scope.organizationId, current.membership.memberId, sale);
  });
}

export async function lockOr404(tx: Tx, organizationId: string, id: string) {
  const row = await queries.findMembership(tx, organizationId, id, { lock: true });
  if (!row) throw notFound(MEMBERSHIP);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Billing (the PAYMENTS billing job calls these after a period's charge)

/** A period was paid: the next billing date moves one interval on, retries reset. */
export async function advanceBillingPeriod(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  membershipId: string,
): Promise<void> {
  const row = await lockOr404(tx, organizationId, membershipId);
  const { membership: m, plan } = row;
  if (!m.nextBillingDate || !plan.billingInterval) return;
  const next = nextBillingDate(m.nextBillingDate, plan.billingInterval, m.startDate);
  await queries.updateMembership(tx, organizationId, membershipId, {
    // A membership cancelled to end later (a notice period) is not billed past its last day.
    nextBillingDate: m.cancelAtPeriodEnd && m.endDate && next > m.endDate ? null : next,
    failedAttempts: 0,
    nextRetryDate: null,
    status: m.status === 'past_due' ? 'active' : m.status,
  });
  await afterChange(tx, unit, organizationId, m.memberId, membershipId);
}

/**
 * A period's charge failed on `failedOn`: retried BILLING_RETRY_DAYS (1, 3, 7) days after the
 * first failure; after the last retry fails the membership is past due (staff Retry or Write Off).
 */
export async function recordBillingFailure(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  membershipId: string,
  failedOn: string,
): Promise<{ pastDue: boolean; nextRetryDate: string | null }> {
  const { membership: m } = await lockOr404(tx, organizationId, membershipId);
  const failures = m.failedAttempts + 1;
  // The first failure's date: this one, or the previous retry date minus its offset.
  const firstFailure =
    m.failedAttempts === 0 || !m.nextRetryDate
      ? failedOn
      : addDays(m.nextRetryDate, -BILLING_RETRY_DAYS[m.failedAttempts - 1]!);
  const offset = BILLING_RETRY_DAYS[failures - 1];
  const nextRetryDate = offset === undefined ? null : addDays(firstFailure, offset);
  const pastDue = nextRetryDate === null;
  await queries.updateMembership(tx, organizationId, membershipId, {
    failedAttempts: failures,
    nextRetryDate,
    status: pastDue && m.status === 'active' ? 'past_due' : m.status,
  });
  await afterChange(tx, unit, organizationId, m.memberId, membershipId);
  return { pastDue, nextRetryDate };
}
