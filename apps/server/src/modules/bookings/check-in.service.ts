import type { CheckInResult, checkInInputSchema } from '@fitbase/domain/contracts/bookings';
import type { z } from 'zod';
import { inUnit } from '../../context/in-unit.ts';
import type { ActorScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { getMember } from '../members/members.service.ts';
import {
  checkInLocked,
  placeBooking,
  plainCheckIn,
  publishScheduleChange,
} from './booking-steps.ts';
import * as queries from './bookings.queries.ts';

type CheckInInput = z.output<typeof checkInInputSchema>;

/**
 * The front desk's one check-in (docs/product/schedule.md#check-in). With a session: the
 * member's booking is checked in, or a walk-in is booked and checked in when there is room, all
 * in one transaction. Without: a plain visit. A second check-in within a minute answers the
 * first visit with `duplicate: true`. The kiosk checks in through here too (docs/product/kiosk.md),
 * with no staff person (`userId` null) and, for a check-in from its offline queue, `backdated`:
 * the visit and the booking keep `now`, the time it happened at the door.
 */
export async function checkIn(
  scope: ActorScope,
  input: CheckInInput,
  now: Date = new Date(),
  options: { backdated?: boolean } = {},
): Promise<CheckInResult> {
  const { backdated } = options;
  return inUnit(scope, async (tx) => {
    const { organizationId } = scope;
    if (!input.sessionId) {
      const member = await getMember({ ...scope, db: tx }, input.memberId);
      const visit = await plainCheckIn(tx, scope, member, {
        confirm: input.confirm,
        now,
        backdated,
      });
      return { visitId: visit.visitId, bookingId: null, duplicate: visit.duplicate };
    }
    const session = await queries.lockSession(tx, organizationId, input.sessionId);
    if (!session) throw notFound('Session');
    const member = await getMember({ ...scope, db: tx }, input.memberId);
    let booking = await queries.findLiveBooking(tx, organizationId, session.id, member.id);
    if (booking?.status === 'waitlisted') {
      // At the door with a free place (the waitlist stopped promoting at its cut-off): take it.
      if (session.bookedCount >= session.capacity)
        throw new AppError(
          'session_full',
          'This session is full: there is no place for a walk-in.',
        );
      booking = await queries.updateBooking(tx, organizationId, booking.id, {
        status: 'booked',
        promotedAt: now,
      });
      await queries.adjustCounts(tx, organizationId, session.id, { booked: 1, waitlisted: -1 });
    }
    booking ??= await placeBooking(tx, scope, session, member, { walkIn: true, now });
    const result = await checkInLocked(tx, scope, session, booking, member, {
      confirm: input.confirm,
      now,
      backdated,
    });
    if (!result.duplicate)
      publishScheduleChange(scope.work, organizationId, [session.id, booking.id]);
    return { visitId: result.visitId, bookingId: booking.id, duplicate: result.duplicate };
  });
}
