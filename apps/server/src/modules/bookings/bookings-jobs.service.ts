import { runInStudio } from '../../context/run-in-studio.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../http/types.ts';
import { brandedStudio } from '../../lib/email-content.ts';
import { studioSender } from '../../context/studio-sender.ts';
import { getMember } from '../members/members.service.ts';
import { describeStart } from '../schedule/schedule.service.ts';
import { enqueueJobs } from '../../jobs/job-queue.ts';
import { notifyMember, type NotificationKind } from '../web-push/web-push.service.ts';
import { scheduleEmailJob, type ScheduleEmailJob } from '../schedule/schedule-email.service.ts';
import { scheduleMail, schedulePush } from './bookings.mail.ts';
import { claimDueReminders, organizationsWithRemindersDue } from './bookings-reminders.queries.ts';
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

/**
 * closeEndedSessions on a database (bench:reports closes its seeded studio's past with it; the
 * demo its own studio's past days, `organizationId`).
 */
export async function closeEndedSessionsOn(
  db: Db,
  now: Date,
  options: { organizationId?: string } = {},
): Promise<void> {
  for (const organizationId of await organizationsWithSessionsToClose(db, now)) {
    if (options.organizationId && organizationId !== options.organizationId) continue;
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

/** How long before a class its reminder goes (docs/product/member-portal.md#notifications). */
export const REMINDER_HOURS = 24;

/**
 * The 'bookings.remind' job: in each studio with reminders due, claims them (reminder_sent_at)
 * and queues one 'class_reminder' message per booking in the same transaction, so each booking
 * is reminded exactly once however often or concurrently the job runs.
 */
export async function queueClassReminders(deps: Deps, now: Date): Promise<void> {
  const db = deps.database.db;
  for (const organizationId of await organizationsWithRemindersDue(db, now, REMINDER_HOURS)) {
    await runInStudio(db, organizationId, async (tx, unit) => {
      const ids = await claimDueReminders(tx, organizationId, now, REMINDER_HOURS);
      await enqueueJobs(
        unit,
        scheduleEmailJob,
        ids.map((bookingId) => ({
          data: { type: 'class_reminder' as const, organizationId, bookingId },
          singletonKey: `reminder:${bookingId}`,
        })),
      );
    });
  }
}

const KIND: Record<ScheduleEmailJob['type'], NotificationKind> = {
  waitlist_promoted: 'transactional',
  session_cancelled: 'transactional',
  booking_confirmed: 'transactional',
  class_reminder: 'reminder',
};

/**
 * The 'schedule.email' job: one message about one booking (waitlist promotion, session
 * cancelled, a portal booking confirmed, a class reminder), by Web Push where the member allowed
 * it, else by email (a confirmation has no email form). A booking no longer booked gets no
 * confirmation or reminder; a member without an email address and no push is skipped (logged).
 */
export async function sendScheduleEmail(deps: Deps, job: ScheduleEmailJob): Promise<void> {
  const log = deps.logger.child({ job: 'schedule.email', bookingId: job.bookingId });
  const message = await runInStudio(deps.database.db, job.organizationId, async (tx) => {
    const booking = await queries.findBooking(tx, job.organizationId, job.bookingId);
    if (!booking) return 'the booking is gone';
    if (
      (job.type === 'class_reminder' || job.type === 'booking_confirmed') &&
      booking.status !== 'booked'
    )
      return 'the booking is no longer booked';
    const session = await queries.findSession(tx, job.organizationId, booking.sessionId);
    const organization = await queries.organizationForMail(tx, job.organizationId);
    if (!session || !organization) return 'the booking is gone';
    const org = { organizationId: job.organizationId, role: 'owner' as const };
    const member = await getMember({ ...org, db: tx }, booking.memberId);
    const sender = await studioSender(tx, job.organizationId);
    const when = await describeStart(tx, job.organizationId, session.startsAt);
    const email = scheduleMail(job.type, {
      to: member.email ?? '',
      firstName: member.firstName,
      className: session.name,
      when,
      studio: brandedStudio(sender, deps.config.appUrl),
      portalUrl: `${deps.config.appUrl}/m/${sender.slug}`,
    });
    const push = schedulePush(job.type, {
      bookingId: booking.id,
      className: session.name,
      when,
      studioName: sender.name,
      slug: sender.slug,
    });
    return { memberId: booking.memberId, email, push };
  });
  if (typeof message === 'string') return void log.info(`Schedule message skipped: ${message}`);
  const delivery = await notifyMember(deps, {
    organizationId: job.organizationId,
    memberId: message.memberId,
    kind: KIND[job.type],
    push: message.push,
    email: message.email,
  });
  if (delivery === 'none') log.info(`Schedule message (${job.type}) not sent: no channel allowed`);
}
