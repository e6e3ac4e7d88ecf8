/**
 * Every queue of the one job queue (docs/decisions/0013-job-queue.md), with its retry policy.
 * A queue exists in the database from the migration step on (jobs/queue-schema.ts), so a
 * service can enqueue into it inside its own transaction before any worker has started.
 * Areas add their queues here; their handlers are registered in jobs/job-handlers.ts.
 */
export const JOB_QUEUES = {
  /** Generates sessions of recurring classes up to the rolling horizon. */
  'schedule.extend-horizon': { retryLimit: 3, retryDelay: 60, retryBackoff: true },
  /** Closes attendance of ended sessions: remaining bookings become no-shows. */
  'schedule.close-sessions': { retryLimit: 3, retryDelay: 30, retryBackoff: true },
  /** One booking message to a member (waitlist promotion, session cancelled, confirmation, reminder): Web Push or email. */
  'schedule.email': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** Claims the class reminders now due (once per booking) and queues one message for each. */
  'bookings.remind': { retryLimit: 3, retryDelay: 60, retryBackoff: true },
  /** Charges recurring memberships due today in each studio's zone (exactly once per period). */
  'billing.run': { retryLimit: 3, retryDelay: 60, retryBackoff: true },
  /** One "your payment failed" email to a member. */
  'payments.email': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** Memberships end, expire and resume on their dates in each studio's zone (idempotent). */
  'memberships.lifecycle': { retryLimit: 3, retryDelay: 60, retryBackoff: true },
  /** One membership email to a member (a cancellation made in the portal, with its last day). */
  'memberships.email': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** Queues the emails of receipts the ledger trigger marked pending (an outbox sweep). */
  'receipts.email-sweep': { retryLimit: 1, retryDelay: 30, retryBackoff: false },
  /** One receipt's or credit note's copy (PDF attached) to its member. */
  'receipts.email': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** One signed waiver's copy (PDF attached) to the member who signed it. */
  'waivers.email': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** One push notification's copy to one member: Web Push where allowed, else email. */
  'push.deliver': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** Sends a campaign's queued recipients at its rate (safe to run twice: recipients are claimed). */
  'campaigns.send': { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  /** One 1:1 message to a member (sent at most once; a transient SMTP failure is retried). */
  'messages.send': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** Starts runs of active automations for new trigger occurrences and advances due runs. */
  'automations.tick': { retryLimit: 2, retryDelay: 30, retryBackoff: true },
  /** One automation step's email to a member (sent once; a transient SMTP failure is retried). */
  'automations.email': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** One staff notification email (a bell event the person chose by email, or the daily summary). */
  'notifications.email': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** Hourly: each chooser's daily summary once per studio day after 07:00 local (exactly once). */
  'notifications.daily-summary': { retryLimit: 2, retryDelay: 60, retryBackoff: true },
  /** One CSV import (modules/data-import): its rows in batches; marked failed on error, not retried. */
  'data.import': { retryLimit: 0, retryDelay: 30, retryBackoff: false },
  /** One owner's data export link by email (they asked for it in Settings → General). */
  'data.export-email': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** Merges the daily sales summary's deltas (modules/reports; totals are the same either way). */
  'reports.compact-sales': { retryLimit: 1, retryDelay: 60, retryBackoff: false },
  /** The embedded database's scheduled backup (BACKUP_SCHEDULE; db/backup-job.ts). */
  'backup.create': { retryLimit: 2, retryDelay: 300, retryBackoff: false },
  /** Turns recorded webhook events into deliveries (woken by NOTIFY; this sweep catches the rest). */
  'webhooks.dispatch': { retryLimit: 1, retryDelay: 10, retryBackoff: false },
  /** One webhook delivery attempt; its own schedule (5 s … 10 h) is a new job, not a retry. */
  'webhooks.deliver': { retryLimit: 3, retryDelay: 5, retryBackoff: true },
  /** "Your webhook endpoint was disabled" to a studio's owners. */
  'webhooks.email': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** A gift card's code to its recipient (queued with the sale; the code is stored nowhere else). */
  'gift-cards.email': { retryLimit: 8, retryDelay: 60, retryBackoff: true },
} as const satisfies Record<
  string,
  { retryLimit: number; retryDelay: number; retryBackoff: boolean }
>;

export type JobName = keyof typeof JOB_QUEUES;

/** Cron schedules (UTC, minute resolution), each fired once per slot whatever the processes. */
export const JOB_SCHEDULES: ReadonlyArray<{ name: JobName; cron: string }> = [
  { name: 'schedule.extend-horizon', cron: '17 * * * *' },
  { name: 'schedule.close-sessions', cron: '*/5 * * * *' },
  { name: 'bookings.remind', cron: '4,19,34,49 * * * *' },
  { name: 'billing.run', cron: '*/15 * * * *' },
  { name: 'memberships.lifecycle', cron: '7,22,37,52 * * * *' },
  { name: 'automations.tick', cron: '* * * * *' },
  { name: 'notifications.daily-summary', cron: '3 * * * *' },
  { name: 'reports.compact-sales', cron: '*/10 * * * *' },
  { name: 'webhooks.dispatch', cron: '* * * * *' },
  { name: 'receipts.email-sweep', cron: '* * * * *' },
];

/**
 * Queues whose worker differs from the default (one job at a time, polled every 2 s): webhook
 * deliveries are many, short and waited for (p95 ≤ 2 s from commit), so three workers each fetch
 * batches sent concurrently (a receiver that hangs for its 10 s holds up one worker's batch, not
 * every delivery), and the dispatcher also wakes them after each commit.
 */
export const JOB_WORKERS: Partial<
  Record<JobName, { batchSize: number; pollingIntervalSeconds: number; workers: number }>
> = {
  'webhooks.deliver': { batchSize: 10, pollingIntervalSeconds: 1, workers: 3 },
};

export const JOB_SCHEMA = 'pgboss';
