import { runInStudio } from '../../context/run-in-studio.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../http/types.ts';
import { brandedStudio } from '../../lib/email-content.ts';
import { studioSender } from '../../context/studio-sender.ts';
import { getMember } from '../members/members.service.ts';
import { describeStart } from '../schedule/schedule.service.ts';
import type { ScheduleEmailJob } from '../schedule/schedule-email.service.ts';
import { scheduleMail } from './bookings.mail.ts';
import * as queries from './bookings.queries.ts';
import { closeLockedSession } from './bookings.service.ts';
import { loadScheduleSettings } from '../../context/booking-rules.ts';
import { organizationsWithSessionsToClose } from './schedule-settings.queries.ts';

const MINUTE = 60_000;

/**
 * The 'schedule.close-sessions' job: in every organization with automatic no-shows, sessions
 * that ended more than its no-show delay ago get their attendance closed (remaining bookings
 * become no-shows). Each organization runs in its own tenant transaction; closing is
 * idempotent, so a retried or overlapping run changes nothing twice.
 */
export async function closeEndedSessions(deps: Deps, now: Date): Promise<void> {
  await closeEndedSessionsOn(deps.database.db, now);
}

/** closeEndedSessions on a database (bench:reports closes its seeded studio's past with it). */
export async function closeEndedSessionsOn(db: Db, now: Date): Promise<void> {
  for (const organizationId of await organizationsWithSessionsToClose(db, now)) {
    await runInStudio(db, organizationId, async (tx, unit) => {
      const settings = await loadScheduleSettings(tx, organizationId);
      if (!settings.autoNoShow) return;
      const endedBefore = new Date(now.getTime() - settings.noShowAfterMinutes * MINUTE);
      for (const id of await queries.sessionsToClose(tx, organizationId, endedBefore)) {
        const session = await queries.lockSession(tx, organizationId, id);
        if (session) await closeLockedSession(tx, unit, organizationId, session, now);
      }
    });
  }
}

/**
 * The 'schedule.email' job: one email about one booking (waitlist promotion, session cancelled).
 * A member without an email address is skipped (logged), not retried.
 */
export async function sendScheduleEmail(deps: Deps, job: ScheduleEmailJob): Promise<void> {
  const log = deps.logger.child({ job: 'schedule.email', bookingId: job.bookingId });
  const message = await runInStudio(deps.database.db, job.organizationId, async (tx) => {
    const booking = await queries.findBooking(tx, job.organizationId, job.bookingId);
    if (!booking) return null;
    const session = await queries.findSession(tx, job.organizationId, booking.sessionId);
    const organization = await queries.organizationForMail(tx, job.organizationId);
    if (!session || !organization) return null;
    const org = { organizationId: job.organizationId, role: 'owner' as const };
    const member = await getMember({ ...org, db: tx }, booking.memberId);
    if (!member.email?.trim()) return undefined;
    return scheduleMail(job.type, {
      to: member.email,
      firstName: member.firstName,
      className: session.name,
      when: describeStart(session.startsAt, organization.timezone),
      studio: brandedStudio(await studioSender(tx, job.organizationId), deps.config.appUrl),
    });
  });
  if (message === null) return void log.info('Schedule email skipped: the booking is gone');
  if (message === undefined) return void log.info('Schedule email skipped: member has no email');
  await deps.mailer.send(message);
}
