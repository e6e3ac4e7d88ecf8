import type { CourseEnrolmentResult } from '@fitbase/domain/contracts/appointments';
import type { OrganizationContext, StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { describeStart } from '../schedule/schedule.service.ts';
import * as queries from './appointments.queries.ts';

/** The studio and the signed-in person acting in it. */
type Actor = OrganizationContext & Pick<StudioScope, 'userId' | 'work' | 'db'>;
import * as courses from './courses.queries.ts';

/**
 * Enrols a member in a course: a booking in every scheduled session that has not started, all
 * or nothing (docs/product/schedule.md#courses). Each session row is locked before its places
 * are counted, as a single booking does, so capacity holds against concurrent bookings. `now`:
 * when (the demo's history enrols on past days).
 */
export async function enrolInCourse(
  org: Actor,
  courseId: string,
  memberId: string,
  now: Date = new Date(),
): Promise<CourseEnrolmentResult> {
  return org.db.transaction(async (tx) => {
    const course = await courses.findCourse(tx, org.organizationId, courseId);
    if (!course) throw notFound('Course');
    const member = await queries.findMemberName(tx, org.organizationId, memberId);
    if (!member) throw notFound('Member');
    const memberName = `${member.firstName} ${member.lastName}`;
    const sessions = await courses.lockFutureSessions(tx, org.organizationId, course.id, now);
    if (sessions.length === 0)
      throw new AppError('conflict', `${course.name} has no upcoming sessions to enrol in.`);
    const ids = sessions.map((s) => s.id);
    if (await courses.hasLiveBooking(tx, org.organizationId, member.id, ids))
      throw new AppError('already_booked', `${memberName} is already enrolled in ${course.name}.`);
    const full = sessions.find((s) => s.bookedCount >= s.capacity);
    if (full) {
      const when = await describeStart(tx, org.organizationId, full.startsAt);
      throw new AppError(
        'course_full',
        `The ${full.name} session on ${when} is full, so ${memberName} was not enrolled.`,
      );
    }
    const overlap = await queries.findMemberOverlap(
      tx,
      org.organizationId,
      member.id,
      sessions,
      ids,
    );
    if (overlap)
      throw new AppError(
        'booking_overlap',
        `${memberName} is already booked into ${overlap.name} at the time of a ${course.name} session.`,
      );
    await queries.insertBookings(tx, org.organizationId, member.id, org.userId, sessions, now);
    await courses.addPlaces(tx, org.organizationId, ids);
    publishChange(org.work, {
      organizationId: org.organizationId,
      entity: 'schedule',
      action: 'updated',
      ids,
    });
    return { bookings: sessions.length };
  });
}
