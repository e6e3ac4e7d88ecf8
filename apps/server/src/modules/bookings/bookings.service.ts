import type {
  Booking,
  bookingCreateSchema,
  MemberBookingList,
  Roster,
  SessionCloseResult,
} from '@fitbase/domain/contracts/bookings';
import { MEMBER_BOOKINGS_LIMIT } from '@fitbase/domain/contracts/bookings';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { inUnit } from '../../context/in-unit.ts';
import type { ActorScope, StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { getMember } from '../members/members.service.ts';
import {
  releaseBookingEntitlement,
  tryTakeBookingEntitlement,
} from '../memberships/membership-entitlements.service.ts';
import { removeVisit } from '../members/visits.service.ts';
import { getSession } from '../schedule/schedule-sessions.service.ts';
import { checkedTimeZone } from '../../context/studio-time.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { formatMoment } from '@fitbase/domain/studio-format';
import { notifyStaff } from '../notifications/notifications.service.ts';
import { localDateOf } from '@fitbase/domain/recurrence';
import {
  checkInLocked,
  placeBooking,
  publishScheduleChange,
  publishVisitChange,
  serializeBooking,
} from './booking-steps.ts';
import { listMemberBookings, listRoster } from './booking-lists.queries.ts';
import { scheduleEmailJob } from '../schedule/schedule-email.service.ts';
import { lockSessionForBooking } from './booking-placement.queries.ts';
import * as queries from './bookings.queries.ts';
import { loadScheduleSettings } from '../../context/booking-rules.ts';
import { assertWaiverSignedToBook } from '../waivers/waivers.service.ts';

type BookingCreate = z.output<typeof bookingCreateSchema>;

const HOUR = 3_600_000;
const SESSION_NOT_FOUND = 'Session';
const BOOKING_NOT_FOUND = 'Booking';

async function lockSessionOr404(tx: Tx, organizationId: string, id: string) {
  const session = await queries.lockSession(tx, organizationId, id);
  if (!session) throw notFound(SESSION_NOT_FOUND);
  return session;
}

/** The booking and its session, the session locked first (the one lock order of this module). */
async function lockBooking(tx: Tx, organizationId: string, id: string) {
  const found = await queries.findBooking(tx, organizationId, id);
  if (!found) throw notFound(BOOKING_NOT_FOUND);
  const session = await lockSessionOr404(tx, organizationId, found.sessionId);
  const booking = await queries.findBooking(tx, organizationId, id, { lock: true });
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  return { session, booking };
}

/** Book a member (or put them on the waitlist); with `checkIn`, a walk-in checked in at once. */
export async function bookSession(
  scope: ActorScope,
  sessionId: string,
  input: BookingCreate,
  now: Date = new Date(),
  /** Only a session of this kind is found (the portal books classes only). */
  onlyKind?: queries.SessionRow['kind'],
): Promise<Booking> {
  // The request's own transaction, as every write here: a savepoint cost two round trips
  // under the session lock and sent the NOTIFYs at once, not after the COMMIT (context/in-unit.ts).
  return inUnit(scope, async (tx) => {
    const locked = await lockSessionForBooking(tx, scope.organizationId, sessionId, input.memberId);
    if (!locked || (onlyKind !== undefined && locked.session.kind !== onlyKind))
      throw notFound(SESSION_NOT_FOUND);
    const { session, checks } = locked;
    const member = await getMember({ ...scope, db: tx }, input.memberId);
    // A studio that requires its waiver refuses front desk and portal alike (docs/product/waivers.md).
    if (locked.waiverRequired) await assertWaiverSignedToBook({ ...scope, db: tx }, input.memberId);
    let row = await placeBooking(tx, scope, session, member, {
      walkIn: input.checkIn,
      now,
      checks,
    });
    if (input.checkIn) {
      ({ booking: row } = await checkInLocked(tx, scope, session, row, member, {
        confirm: input.confirm,
        now,
      }));
    }
    publishScheduleChange(scope.work, scope.organizationId, [session.id]);
    return serializeBooking(tx, row);
  });
}

/**
 * The first in line who can pay for the class (a credit or a weekly place) takes the freed
 * place; one who cannot keeps their waitlist place and the next in line is promoted
 * (docs/product/money-and-store.md#credits-and-bookings).
 */
async function promoteFirstEntitled(tx: Tx, scope: ActorScope, session: queries.SessionRow) {
  for (const waiting of await queries.waitlistInOrder(tx, scope.organizationId, session.id)) {
    const paid = await tryTakeBookingEntitlement(tx, scope, waiting.memberId, session.startsAt);
    if (paid !== 'refused') return { id: waiting.id, ...paid };
  }
  return null;
}

/**
 * Staff hear of a cancellation and of the promotion it caused (notifications): owners, admins
 * and the session's trainer, except the person who cancelled.
 */
async function announceCancellation(
  tx: Tx,
  scope: ActorScope,
  session: queries.SessionRow,
  memberId: string,
  promotedBookingId: string | null,
) {
  const { organizationId } = scope;
  // One read of the studio for both the link's day and the sentence's time.
  const studio = await studioFormat(tx, organizationId);
  const timeZone = checkedTimeZone(studio.timeZone);
  const when = formatMoment(session.startsAt, { locale: studio.locale, timeZone });
  const link = `/schedule?view=day&date=${localDateOf(session.startsAt, timeZone)}`;
  const common = {
    organizationId,
    link,
    alsoNotify: [session.trainerUserId],
    actorUserId: scope.userId,
  };
  const member = await getMember({ ...scope, db: tx }, memberId);
  await notifyStaff(tx, scope.work, {
    ...common,
    event: 'booking_cancelled',
    title: `Booking cancelled: ${member.firstName} ${member.lastName}`,
    body: `${session.name}, ${when}.`,
  });
  if (!promotedBookingId) return;
  const promoted = await queries.findBooking(tx, organizationId, promotedBookingId);
  if (!promoted) return;
  const next = await getMember({ ...scope, db: tx }, promoted.memberId);
  await notifyStaff(tx, scope.work, {
    ...common,
    event: 'waitlist_promoted',
    title: `Waitlist promotion: ${next.firstName} ${next.lastName}`,
    body: `Took the freed place in ${session.name}, ${when}.`,
  });
}

/**
 * Cancel a booking: a late cancel inside the late-cancel window. A freed place goes to the
 * first in line on the waitlist (first in, first out) until the cut-off before the start; the
 * promoted member is emailed through the job queue.
 */
export async function cancelBooking(
  scope: ActorScope,
  bookingId: string,
  now: Date = new Date(),
): Promise<Booking> {
  return inUnit(scope, async (tx) => {
    const { organizationId } = scope;
    const { session, booking } = await lockBooking(tx, organizationId, bookingId);
    if (session.closedAt)
      throw new AppError('session_closed', 'Attendance for this session is closed.');
    if (booking.status === 'attended')
      throw new AppError('not_booked', 'This member is checked in: undo the check-in first.');
    if (booking.status !== 'booked' && booking.status !== 'waitlisted')
      throw new AppError('not_booked', 'This booking is already cancelled.');
    const settings = await loadScheduleSettings(tx, organizationId);
    const starts = session.startsAt.getTime();
    const changed = [session.id, booking.id];
    let status: 'cancelled' | 'late_cancelled' = 'cancelled';
    let creditUsed = booking.creditUsed;
    let promotedId: string | null = null;
    if (booking.status === 'waitlisted') {
      await queries.adjustCounts(tx, organizationId, session.id, { waitlisted: -1 });
    } else {
      if (now.getTime() >= starts - settings.lateCancelHours * HOUR) status = 'late_cancelled';
      const released = await releaseBookingEntitlement(tx, scope, booking, status);
      if (released.creditReturned) creditUsed = false;
      await queries.adjustCounts(tx, organizationId, session.id, { booked: -1 });
      const promotes =
        session.status === 'scheduled' &&
        now.getTime() < starts - settings.waitlistCutoffHours * HOUR;
      const next = promotes ? await promoteFirstEntitled(tx, scope, session) : null;
      if (next) {
        await queries.updateBooking(tx, organizationId, next.id, {
          status: 'booked',
          promotedAt: now,
          membershipId: next.membershipId,
          creditUsed: next.creditUsed,
        });
        await queries.adjustCounts(tx, organizationId, session.id, { booked: 1, waitlisted: -1 });
        await enqueueJob(scope.work, scheduleEmailJob, {
          type: 'waitlist_promoted',
          organizationId,
          bookingId: next.id,
        });
        changed.push(next.id);
        promotedId = next.id;
      }
    }
    const row = await queries.updateBooking(tx, organizationId, booking.id, {
      status,
      cancelledAt: now,
      creditUsed,
    });
    await announceCancellation(tx, scope, session, booking.memberId, promotedId);
    publishScheduleChange(scope.work, organizationId, changed);
    return serializeBooking(tx, row);
  });
}

export async function checkInBooking(
  scope: StudioScope,
  bookingId: string,
  input: { confirm: boolean },
  now: Date = new Date(),
): Promise<Booking> {
  return inUnit(scope, async (tx) => {
    const { session, booking } = await lockBooking(tx, scope.organizationId, bookingId);
    const member = await getMember({ ...scope, db: tx }, booking.memberId);
    const result = await checkInLocked(tx, scope, session, booking, member, {
      confirm: input.confirm,
      now,
    });
    publishScheduleChange(scope.work, scope.organizationId, [session.id, booking.id]);
    return serializeBooking(tx, result.booking);
  });
}

/** Back to booked, the visit removed: possible until the session's attendance is closed. */
export async function undoCheckIn(scope: StudioScope, bookingId: string): Promise<Booking> {
  return inUnit(scope, async (tx) => {
    const { organizationId } = scope;
    const { session, booking } = await lockBooking(tx, organizationId, bookingId);
    if (session.closedAt)
      throw new AppError(
        'session_closed',
        'Attendance for this session is closed: the check-in can no longer be undone.',
      );
    if (booking.status !== 'attended')
      throw new AppError('not_booked', 'This booking is not checked in.');
    const row = await queries.updateBooking(tx, organizationId, booking.id, {
      status: 'booked',
      checkedInAt: null,
      visitId: null,
    });
    if (booking.visitId) await removeVisit(tx, organizationId, booking.visitId);
    publishScheduleChange(scope.work, organizationId, [session.id, booking.id]);
    publishVisitChange(scope.work, organizationId, booking.memberId);
    return serializeBooking(tx, row);
  });
}

/**
 * Closes attendance: the remaining booked members become no-shows and the session is marked
 * closed. Idempotent: a closed session answers 0. Used by the route and the scheduled job.
 */
export async function closeLockedSession(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  session: queries.SessionRow,
  now: Date,
  recordedBy: string | null = null,
): Promise<number> {
  if (session.closedAt || session.status === 'cancelled') return 0;
  const noShows = await queries.markNoShows(tx, organizationId, session.id);
  // A no-show's credit comes back or is kept, or a fee is charged: the studio's penalty.
  const scope = { organizationId, userId: recordedBy, work: unit };
  const returned: string[] = [];
  for (const booking of noShows) {
    const released = await releaseBookingEntitlement(tx, scope, booking, 'no_show');
    if (released.creditReturned) returned.push(booking.id);
  }
  await queries.clearCreditUsed(tx, organizationId, returned);
  await queries.setSessionClosed(tx, organizationId, session.id, now);
  publishScheduleChange(unit, organizationId, [session.id, ...noShows.map((b) => b.id)]);
  return noShows.length;
}

export async function closeSession(
  scope: StudioScope,
  sessionId: string,
  now: Date = new Date(),
): Promise<SessionCloseResult> {
  return inUnit(scope, async (tx) => {
    const session = await lockSessionOr404(tx, scope.organizationId, sessionId);
    if (session.status === 'cancelled')
      throw new AppError('session_cancelled', 'This session was cancelled.');
    if (session.startsAt > now)
      throw new AppError(
        'session_not_started',
        'This session has not started yet: close attendance after it starts.',
      );
    return {
      noShows: await closeLockedSession(
        tx,
        scope.work,
        scope.organizationId,
        session,
        now,
        scope.userId,
      ),
    };
  });
}

/** The session's roster: who holds a place, who waits (in order), who cancelled. */
export async function getRoster(scope: StudioScope, sessionId: string): Promise<Roster> {
  const session = await getSession(scope, sessionId);
  const rows = await listRoster(scope.db, scope.organizationId, sessionId);
  let position = 0;
  return {
    session,
    bookings: rows.map(({ booking, member }) => ({
      id: booking.id,
      status: booking.status,
      waitlistPosition: booking.status === 'waitlisted' ? ++position : null,
      checkedInAt: booking.checkedInAt?.toISOString() ?? null,
      createdAt: booking.createdAt.toISOString(),
      member,
    })),
  };
}

/** A member's bookings for the member dashboard's Activity tab, newest first. */
export async function listBookingsOfMember(
  scope: StudioScope,
  memberId: string,
): Promise<MemberBookingList> {
  await getMember(scope, memberId);
  const rows = await listMemberBookings(
    scope.db,
    scope.organizationId,
    memberId,
    MEMBER_BOOKINGS_LIMIT,
  );
  return {
    bookings: rows.map((row) => ({
      id: row.id,
      status: row.status,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
      session: {
        id: row.sessionId,
        name: row.name,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        trainerName: row.trainerName,
      },
    })),
  };
}
