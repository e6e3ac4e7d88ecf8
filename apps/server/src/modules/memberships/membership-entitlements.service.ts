import type { Penalty } from '@fitbase/domain/contracts/bookings';
import { coversDate, describeDate, weekWindow } from '@fitbase/domain/membership-rules';
import { localDateOf } from '@fitbase/domain/recurrence';
import type { Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/errors.ts';
import { loadScheduleSettings } from '../../context/booking-rules.ts';
import { chargeInTransaction, recordDue, type PaymentScope } from '../payments/payments.service.ts';
import { feeTaxRateId } from '../tax/tax.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import { studioLocale } from '../../context/studio-format.ts';
import * as queries from './memberships.queries.ts';

/**
 * Which membership pays for a class (docs/product/money-and-store.md#credits-and-bookings):
 * unlimited memberships first (within their weekly class limit), then credits of the pack that
 * expires first. A member with no membership at all books as before (legacy members).
 */

type Resolution =
  | { kind: 'legacy' }
  | { kind: 'ok'; membershipId: string; creditUsed: boolean }
  | { kind: 'refused'; error: AppError };

async function resolve(
  tx: Tx,
  organizationId: string,
  memberId: string,
  startsAt: Date,
): Promise<Resolution> {
  const rows = await queries.lockBookableMemberships(tx, organizationId, memberId);
  if (rows.length === 0) return { kind: 'legacy' };
  const timeZone = await getOrganizationTimeZone(tx, organizationId);
  const date = localDateOf(startsAt, timeZone);
  const covering = rows.filter((r) => coversDate(r.membership, date));
  const name = await queries.memberName(tx, organizationId, memberId);
  if (covering.length === 0) {
    const paused = rows.find((r) => r.membership.status === 'paused');
    const locale = await studioLocale(tx, organizationId);
    const message = paused
      ? `${name}'s ${paused.plan.name} is paused until ${describeDate(paused.membership.resumesOn ?? date, locale)}.`
      : `${name} has no membership or class credits for ${describeDate(date, locale)}: sell a plan first.`;
    return { kind: 'refused', error: new AppError('no_credits', message) };
  }
  const unlimitedFirst = [
    ...covering.filter((r) => r.membership.creditsRemaining === null),
    ...covering.filter((r) => r.membership.creditsRemaining !== null),
  ];
  let limited: queries.MembershipWithPlan | null = null;
  let empty: queries.MembershipWithPlan | null = null;
  for (const row of unlimitedFirst) {
    const credits = row.membership.creditsRemaining;
    if (credits !== null && credits <= 0) {
      empty ??= row;
      continue;
    }
    const limit = row.plan.weeklyClassLimit;
    if (limit !== null) {
      const window = weekWindow(startsAt, timeZone);
      if (
        (await queries.countWeekBookings(tx, organizationId, row.membership.id, window)) >= limit
      ) {
        limited ??= row;
        continue;
      }
    }
    return { kind: 'ok', membershipId: row.membership.id, creditUsed: credits !== null };
  }
  if (limited) {
    const limit = limited.plan.weeklyClassLimit!;
    return {
      kind: 'refused',
      error: new AppError(
        'weekly_limit_reached',
        `${name} has used all ${limit} ${limit === 1 ? 'class' : 'classes'} of this week on ${limited.plan.name}.`,
      ),
    };
  }
  return {
    kind: 'refused',
    error: new AppError(
      'no_credits',
      `${name} has no class credits left on ${empty?.plan.name ?? 'their plan'}: renew it or sell a plan.`,
    ),
  };
}

async function spend(tx: Tx, unit: UnitOfWork, organizationId: string, found: Resolution) {
  if (found.kind !== 'ok') return;
  if (found.creditUsed) await queries.adjustCredits(tx, organizationId, found.membershipId, -1);
  publishChange(unit, {
    organizationId,
    entity: 'money',
    action: 'updated',
    ids: [found.membershipId],
  });
}

/**
 * Bookings: which membership pays for a booking of a session starting at `startsAt`; spends a
 * credit where the plan has credits; refuses past the weekly class limit (409
 * weekly_limit_reached) or with no credits left (409 no_credits). Null: no membership at all.
 */
export async function takeBookingEntitlement(
  tx: Tx,
  scope: PaymentScope,
  memberId: string,
  startsAt: Date,
): Promise<{ membershipId: string; creditUsed: boolean } | null> {
  const found = await resolve(tx, scope.organizationId, memberId, startsAt);
  if (found.kind === 'refused') throw found.error;
  if (found.kind === 'legacy') return null;
  await spend(tx, scope.work, scope.organizationId, found);
  return { membershipId: found.membershipId, creditUsed: found.creditUsed };
}

/**
 * The waitlist's promotion: like takeBookingEntitlement, but a member who cannot pay for the
 * class answers `refused` (they keep their waitlist place; the next in line is promoted).
 */
export async function tryTakeBookingEntitlement(
  tx: Tx,
  scope: PaymentScope,
  memberId: string,
  startsAt: Date,
): Promise<{ membershipId: string | null; creditUsed: boolean } | 'refused'> {
  const found = await resolve(tx, scope.organizationId, memberId, startsAt);
  if (found.kind === 'refused') return 'refused';
  if (found.kind === 'legacy') return { membershipId: null, creditUsed: false };
  await spend(tx, scope.work, scope.organizationId, found);
  return { membershipId: found.membershipId, creditUsed: found.creditUsed };
}

/** Joining a waitlist takes nothing, but only a member who could pay for the class may wait. */
export async function checkBookingEntitlement(
  tx: Tx,
  scope: PaymentScope,
  memberId: string,
  startsAt: Date,
): Promise<void> {
  const found = await resolve(tx, scope.organizationId, memberId, startsAt);
  if (found.kind === 'refused') throw found.error;
}

type ReleaseReason = 'cancelled' | 'session_cancelled' | 'late_cancelled' | 'no_show';

const FEE_LABEL = { late_cancelled: 'Late-cancel fee', no_show: 'No-show fee' } as const;

/**
 * A booking ends without the class being taken. Cancel (in time) or session cancelled: the
 * credit comes back. Late cancel / no-show: the studio's penalty applies: none → the credit
 * comes back; credit → it is kept; fee → the credit comes back and the fee is charged to the
 * card on file (a decline stays as a failed payment the member owes; no usable card → a due).
 * `creditReturned` tells the caller to clear the booking's credit_used.
 */
export async function releaseBookingEntitlement(
  tx: Tx,
  scope: PaymentScope,
  booking: { id: string; memberId: string; membershipId: string | null; creditUsed: boolean },
  reason: ReleaseReason,
): Promise<{ creditReturned: boolean }> {
  const { organizationId } = scope;
  let penalty: Penalty = { kind: 'none' };
  if (reason === 'late_cancelled' || reason === 'no_show') {
    const settings = await loadScheduleSettings(tx, organizationId);
    penalty = reason === 'late_cancelled' ? settings.lateCancelPenalty : settings.noShowPenalty;
  }
  const creditReturned =
    booking.creditUsed && booking.membershipId !== null && penalty.kind !== 'credit';
  if (creditReturned) {
    await queries.adjustCredits(tx, organizationId, booking.membershipId!, 1);
    publishChange(scope.work, {
      organizationId,
      entity: 'money',
      action: 'updated',
      ids: [booking.membershipId!],
    });
  }
  if (penalty.kind === 'fee' && (reason === 'late_cancelled' || reason === 'no_show'))
    await chargeFee(tx, scope, booking, penalty.amount, FEE_LABEL[reason]);
  return { creditReturned };
}

async function chargeFee(
  tx: Tx,
  scope: PaymentScope,
  booking: { id: string; memberId: string },
  amount: string,
  description: string,
): Promise<void> {
  const request = {
    memberId: booking.memberId,
    amount,
    taxRateId: await feeTaxRateId(tx, scope.organizationId),
    purpose: 'fee' as const,
    description,
    bookingId: booking.id,
    dueKey: `fee:${booking.id}`,
  };
  try {
    // One fee per booking whatever runs twice: the key is the booking's.
    await chargeInTransaction(tx, scope, {
      ...request,
      method: 'card',
      idempotencyKey: `fee:${booking.id}`,
    });
  } catch (error) {
    const noCard =
      error instanceof AppError &&
      (error.code === 'no_payment_method' || error.code === 'card_expired');
    if (!noCard) throw error;
    await recordDue(tx, scope, { ...request, idempotencyKey: `fee:${booking.id}:due` });
  }
}
