import { formatMoment, formatMoney, type StudioFormat } from '@fitbase/domain/studio-format';
import type {
  PortalBooking,
  PortalBookings,
  PortalCancelTerms,
  PortalMe,
} from '@fitbase/domain/contracts/portal';
import type { Penalty } from '@fitbase/domain/contracts/bookings';
import { loadScheduleSettings } from '../../context/booking-rules.ts';
import type { MemberScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { bookSession, cancelBooking } from '../bookings/bookings.service.ts';
import { queueScheduleEmail } from '../schedule/schedule-email.service.ts';
import * as read from './portal.sql.ts';

/**
 * What a member does for themselves in the portal (docs/product/member-portal.md). Every call
 * acts on the scope's own member: booking and cancelling go through the same services, rules and
 * transactions as at the front desk, with no staff person as the actor.
 */

const PAST_LIMIT = 50;
const HOUR = 3_600_000;
const BOOKING_NOT_FOUND = 'Booking';

export async function portalMe(scope: MemberScope): Promise<PortalMe> {
  const self = await read.memberSelf(scope.db, scope.organizationId, scope.memberId);
  if (!self) throw notFound('Member');
  return {
    memberId: scope.memberId,
    firstName: self.first_name,
    lastName: self.last_name,
    email: self.email,
    studio: scope.studio,
  };
}

const toBooking = (row: read.MemberBookingRow): PortalBooking => ({
  id: row.id,
  sessionId: row.session_id,
  sessionName: row.session_name,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  trainerName: row.trainer_name,
  room: row.room,
  status: row.status,
  waitlistPosition: row.waitlist_position,
  checkedInAt: row.checked_in_at,
});

async function ownBookingOr404(scope: MemberScope, id: string): Promise<PortalBooking> {
  const row = await read.memberBooking(scope.db, scope.organizationId, scope.memberId, id);
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return toBooking(row);
}

export async function portalBookings(
  scope: MemberScope,
  now = new Date(),
): Promise<PortalBookings> {
  const { db, organizationId, memberId } = scope;
  const upcoming = await read.memberBookings(db, organizationId, memberId, 'upcoming', now, 200);
  const past = await read.memberBookings(db, organizationId, memberId, 'past', now, PAST_LIMIT);
  return { upcoming: upcoming.map(toBooking), past: past.map(toBooking) };
}

/** `Book` or `Join waitlist`: the front desk's booking, for this member, of a class only. */
export async function bookForMember(
  scope: MemberScope,
  sessionId: string,
  now = new Date(),
): Promise<PortalBooking> {
  // Appointments and course places are never booked from the week: they are someone else's.
  const booking = await bookSession(
    scope,
    sessionId,
    { memberId: scope.memberId, checkIn: false, confirm: false },
    now,
    'class',
  );
  const placed = await read.placedBooking(
    scope.db,
    scope.organizationId,
    scope.memberId,
    booking.id,
  );
  if (!placed) throw notFound(BOOKING_NOT_FOUND);
  // The member's own booking is confirmed by push where they turned it on, never by email
  // (docs/product/member-portal.md#notifications); queued with the booking, and only for a
  // member with a device (a job that would deliver nothing cost every booking its work).
  if (booking.status === 'booked' && placed.has_device)
    await queueScheduleEmail(scope.work, {
      type: 'booking_confirmed',
      organizationId: scope.organizationId,
      bookingId: booking.id,
    });
  return toBooking(placed);
}

/** The penalty in the member's words, the fee in the studio's currency and locale (ADR 0038). */
function penaltyText(penalty: Penalty, studio: Pick<StudioFormat, 'currency' | 'locale'>): string {
  if (penalty.kind === 'fee')
    return `a late-cancel fee of ${formatMoney(penalty.amount, studio)} is charged to your card on file.`;
  if (penalty.kind === 'credit') return 'the class credit is not returned.';
  return 'it is recorded as a late cancel, with no fee.';
}

/** What cancelling this booking now means under the studio's rules, before confirming. */
export async function portalCancelTerms(
  scope: MemberScope,
  bookingId: string,
  now = new Date(),
): Promise<PortalCancelTerms> {
  const booking = await read.ownBooking(scope.db, scope.organizationId, scope.memberId, bookingId);
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  if (booking.status === 'waitlisted')
    return { late: false, message: 'You leave the waitlist. Nothing is charged.' };
  const settings = await loadScheduleSettings(scope.db, scope.organizationId);
  const lateFrom = new Date(
    new Date(booking.starts_at).getTime() - settings.lateCancelHours * HOUR,
  );
  if (now >= lateFrom)
    return {
      late: true,
      message: `Cancelling now is a late cancel: ${penaltyText(settings.lateCancelPenalty, scope.studio)}`,
    };
  return {
    late: false,
    message: `Free cancellation until ${formatMoment(lateFrom, scope.studio)}.`,
  };
}

/** `Cancel booking`: applied exactly as a staff cancel (late cancel, credit, waitlist). */
export async function cancelForMember(
  scope: MemberScope,
  bookingId: string,
  now = new Date(),
): Promise<PortalBooking> {
  const own = await read.ownBooking(scope.db, scope.organizationId, scope.memberId, bookingId);
  if (!own) throw notFound(BOOKING_NOT_FOUND);
  await cancelBooking(scope, bookingId, now);
  return ownBookingOr404(scope, bookingId);
}
