import { randomUUID } from 'node:crypto';
import { addDays, localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Deps } from '../../http/types.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import {
  dailySummaryBody,
  dailySummaryTitle,
  notificationMail,
  type DayFigures,
} from './notifications.mail.ts';
import { notificationEmailJob, type NotificationEmailJob } from './notifications.jobs.ts';
import * as queries from './notifications.queries.ts';
import * as summary from './daily-summary.queries.ts';
import { studioFormat } from '../../context/studio-format.ts';

/**
 * The 'notifications.email' job: one notification to one person by email. A person who no
 * longer exists is skipped; a transient SMTP failure is retried by the queue.
 */
export async function sendNotificationEmail(deps: Deps, job: NotificationEmailJob): Promise<void> {
  const { db } = deps.database;
  const person = await queries.mailRecipient(db, job.userId);
  if (!person) return void deps.logger.info({ job: 'notifications.email' }, 'Recipient is gone');
  const organization = job.organizationId
    ? await queries.organizationName(db, job.organizationId)
    : null;
  if (job.organizationId && !organization) return;
  const { appUrl } = deps.config;
  await deps.mailer.send(
    notificationMail({
      to: person.email,
      name: person.name || person.email,
      title: job.title,
      body: job.body,
      url: job.link ? `${appUrl}${job.link}` : null,
      organizationName: organization?.name ?? null,
      settingsUrl: `${appUrl}/settings?tab=notifications`,
    }),
  );
}

/** The summary goes out once the studio's day has started properly. */
const SEND_AFTER = '07:00';

/**
 * The daily summary (the hourly 'notifications.daily-summary' job, use-cases/daily-summary.ts:
 * the figures are the dashboard's): each person with the daily summary among their email events
 * gets, once per studio day after 07:00 in the studio's time zone, yesterday's figures. Exactly
 * once per (person, studio, day) however often the job runs: the sent summary is recorded as a
 * (read) notification row, checked and written in one transaction under an advisory lock on that
 * triple, together with the queued email.
 *
 * Here: the studios whose summary of yesterday (`day`, its `span`) is due at `now`.
 */
export async function studiosDueForSummary(
  db: Db,
  now: Date,
): Promise<Array<{ organizationId: string; day: string; span: { start: Date; end: Date } }>> {
  const due = [];
  for (const studio of await summary.studiosWithSummaryReaders(db)) {
    const today = localDateOf(now, studio.timezone);
    if (now.getTime() < zonedInstant(today, SEND_AFTER, studio.timezone).getTime()) continue;
    const day = addDays(today, -1);
    const span = {
      start: zonedInstant(day, '00:00', studio.timezone),
      end: zonedInstant(today, '00:00', studio.timezone),
    };
    due.push({ organizationId: studio.organizationId, day, span });
  }
  return due;
}

/** The studio's people (still on its staff) who chose the daily summary. */
export function dailySummaryReaders(tx: Tx, organizationId: string): Promise<string[]> {
  return summary.summaryReaders(tx, organizationId);
}

/** Sends `userId` the summary of `day` unless it went already; answers whether it was sent. */
export async function sendDailySummaryOnce(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  userId: string,
  day: string,
  figures: DayFigures,
): Promise<boolean> {
  const format = await studioFormat(tx, organizationId);
  return sendOnce(tx, unit, organizationId, userId, day, dailySummaryBody(figures, format));
}

async function sendOnce(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  userId: string,
  day: string,
  body: string,
): Promise<boolean> {
  const title = dailySummaryTitle(day);
  // Two overlapping runs serialise here; the second then finds the first one's row.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`daily-summary:${organizationId}:${userId}:${day}`}))`,
  );
  if (await summary.summaryAlreadySent(tx, organizationId, userId, title)) return false;
  const link = '/dashboard';
  await queries.insertNotifications(tx, [
    {
      id: randomUUID(),
      userId,
      organizationId,
      event: 'daily_summary',
      title,
      body,
      link,
      readAt: new Date(),
    },
  ]);
  await enqueueJob(unit, notificationEmailJob, {
    userId,
    organizationId,
    event: 'daily_summary',
    title,
    body,
    link,
  });
  return true;
}
