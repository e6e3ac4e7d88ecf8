import { DEFAULT_SCHEDULE_SETTINGS, type Booking } from '@fitbase/domain/contracts/bookings';
import type { MembershipStatus } from '@fitbase/domain/constants';
import { formatTime } from '@fitbase/domain/studio-format';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { ActorScope } from '../../http/types.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import { recordCheckInVisit } from '../members/visits.service.ts';
import {
  checkBookingEntitlement,
  takeBookingEntitlement,
} from '../memberships/membership-entitlements.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { placementChecks, type PlacementChecks } from './booking-placement.queries.ts';
import {
  insertBookingCounted,
  updateBooking,
  waitlistPosition,
  type BookingRow,
  type SessionRow,
} from './bookings.queries.ts';

/**
 * The steps of booking and checking in (docs/product/schedule.md#bookings-and-waitlist), shared
 * by the booking routes, the front-desk check-in and walk-ins. Every step runs in the caller's
 * transaction after it locked the session row (bookings.queries.ts lockSession).
 */

const LIVE_UNIQUE_INDEX = 'bookings_live_member_session_idx';

export interface BookingMember {
  id: string;
  firstName: string;
  lastName: string;
  membershipStatus: MembershipStatus;
}

export const fullName = (m: { firstName: string; lastName: string }) =>
  `${m.firstName} ${m.lastName}`.trim();

export async function serializeBooking(tx: Db | Tx, row: BookingRow): Promise<Booking> {
  return {
    id: row.id,
    sessionId: row.sessionId,
    memberId: row.memberId,
    status: row.status,
    waitlistPosition: row.status === 'waitlisted' ? await waitlistPosition(tx, row) : null,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  };
}

export const alreadyBooked = (member: BookingMember) =>
  new AppError('already_booked', `${fullName(member)} is already booked for this session.`);

/** Refuses changes to a cancelled session or one whose attendance was closed. */
export function assertSessionOpen(session: SessionRow): void {
  if (session.status === 'cancelled')
    throw new AppError('session_cancelled', 'This session was cancelled.');
  if (session.closedAt)
    throw new AppError('session_closed', 'Attendance for this session is closed.');
}

/**
 * Takes a place for the member, or a place on the waitlist when the session is full. A walk-in
 * (booked and checked in at the door) ignores the booking deadline but never waits: no room is
 * 409 'session_full'.
 */
export async function placeBooking(
  tx: Tx,
  scope: ActorScope,
  session: SessionRow,
  member: BookingMember,
  options: { walkIn: boolean; now: Date; checks?: PlacementChecks },
): Promise<BookingRow> {
  const { organizationId } = scope;
  const { now } = options;
  assertSessionOpen(session);
  if (session.endsAt <= now)
    throw new AppError('validation_error', 'This session is over: choose a later session.');
  // Read with the session's lock when the caller took both at once (lockSessionForBooking).
  const checks =
    options.checks ??
    (await placementChecks(tx, organizationId, member.id, {
      sessionId: session.id,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
    }));
  if (!options.walkIn) {
    const minutes = checks.bookingClosesMinutes ?? DEFAULT_SCHEDULE_SETTINGS.bookingClosesMinutes;
    const closesAt = new Date(session.startsAt.getTime() - minutes * 60_000);
    if (now >= closesAt) {
      const studio = await studioFormat(tx, organizationId);
      throw new AppError(
        'booking_closed',
        `Booking for this session closed at ${formatTime(closesAt, studio)}.`,
      );
    }
  }
  if (checks.live) throw alreadyBooked(member);
  const other = checks.overlap;
  if (other) {
    const studio = await studioFormat(tx, organizationId);
    throw new AppError(
      'booking_overlap',
      `${fullName(member)} is already booked for ${other.name} at ${formatTime(other.startsAt, studio)}, which overlaps this session.`,
    );
  }
  const hasRoom = session.bookedCount < session.capacity;
  if (!hasRoom && options.walkIn)
    throw new AppError('session_full', 'This session is full: there is no place for a walk-in.');
  // Who pays for the class: a credit or a weekly place (docs/product/money-and-store.md); the
  // waitlist takes nothing until promoted, but only a member who could pay may wait.
  let entitlement: { membershipId: string; creditUsed: boolean } | null = null;
  if (hasRoom) entitlement = await takeBookingEntitlement(tx, scope, member.id, session.startsAt);
  else await checkBookingEntitlement(tx, scope, member.id, session.startsAt);
  let row: BookingRow;
  try {
    row = await insertBookingCounted(
      scope.work,
      {
        membershipId: entitlement?.membershipId ?? null,
        creditUsed: entitlement?.creditUsed ?? false,
        organizationId,
        sessionId: session.id,
        memberId: member.id,
        status: hasRoom ? 'booked' : 'waitlisted',
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        bookedBy: scope.userId,
        // When it was booked: First bookings counts by it (the demo's history books past days).
        createdAt: now,
      },
      hasRoom ? { booked: 1 } : { waitlisted: 1 },
    );
  } catch (error) {
    // The database's own guard: one live booking per member and session.
    if (isUniqueViolation(error, LIVE_UNIQUE_INDEX)) throw alreadyBooked(member);
    throw error;
  }
  session.bookedCount += hasRoom ? 1 : 0;
  session.waitlistCount += hasRoom ? 0 : 1;
  return row;
}

function assertMembershipActive(member: BookingMember, confirm: boolean): void {
  if (member.membershipStatus === 'active' || confirm) return;
  throw new AppError(
    'membership_not_active',
    `${fullName(member)}'s membership is ${member.membershipStatus}. Check in anyway?`,
  );
}

/**
 * Checks a booked member in: the booking becomes attended and a `member_visits` row of type
 * `class` records the visit. An attended booking answers its visit again (`duplicate`).
 */
export async function checkInLocked(
  tx: Tx,
  scope: ActorScope,
  session: SessionRow,
  booking: BookingRow,
  member: BookingMember,
  options: { confirm: boolean; now: Date; backdated?: boolean },
): Promise<{ booking: BookingRow; visitId: string; duplicate: boolean }> {
  if (booking.status === 'attended' && booking.visitId)
    return { booking, visitId: booking.visitId, duplicate: true };
  assertSessionOpen(session);
  if (booking.status === 'waitlisted')
    throw new AppError(
      'not_booked',
      `${fullName(member)} is on the waitlist for this session, not booked.`,
    );
  if (booking.status !== 'booked')
    throw new AppError('not_booked', `${fullName(member)} is not booked for this session.`);
  assertMembershipActive(member, options.confirm);
  const visit = await recordCheckInVisit(
    tx,
    {
      organizationId: scope.organizationId,
      memberId: member.id,
      recordedBy: scope.userId,
      visitType: 'class',
    },
    options.now,
    { backdated: options.backdated },
  );
  const row = await updateBooking(tx, scope.organizationId, booking.id, {
    status: 'attended',
    checkedInAt: options.now,
    visitId: visit.visitId,
  });
  publishVisitChange(scope.work, scope.organizationId, member.id);
  return { booking: row, visitId: visit.visitId, duplicate: false };
}

/** A plain visit (door scan) of a member whose membership may need confirming. */
export async function plainCheckIn(
  tx: Tx,
  scope: ActorScope,
  member: BookingMember,
  options: { confirm: boolean; now: Date; backdated?: boolean },
): Promise<{ visitId: string; duplicate: boolean }> {
  assertMembershipActive(member, options.confirm);
  const visit = await recordCheckInVisit(
    tx,
    {
      organizationId: scope.organizationId,
      memberId: member.id,
      recordedBy: scope.userId,
      visitType: 'check_in',
    },
    options.now,
    { backdated: options.backdated },
  );
  if (!visit.duplicate) publishVisitChange(scope.work, scope.organizationId, member.id);
  return visit;
}

/** Visits feed the member's Activity tab and the dashboards' check-in figures. */
export function publishVisitChange(
  unit: UnitOfWork,
  organizationId: string,
  memberId: string,
): void {
  publishChange(unit, {
    organizationId,
    entity: 'members',
    action: 'updated',
    ids: [memberId],
  });
  publishChange(unit, {
    organizationId,
    entity: 'dashboard',
    action: 'updated',
    ids: [memberId],
  });
}

export function publishScheduleChange(
  unit: UnitOfWork,
  organizationId: string,
  ids: string[],
): void {
  publishChange(unit, { organizationId, entity: 'schedule', action: 'updated', ids });
}
