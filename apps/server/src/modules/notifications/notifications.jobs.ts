import { notificationEventSchema } from '@fitbase/domain/contracts/notifications';
import { z } from 'zod';
import { defineJob, noPayload } from '../../jobs/define-job.ts';

/**
 * The jobs of notifications (handlers: notifications-jobs.service.ts; the daily summary through
 * use-cases/daily-summary.ts).
 */

/** The 'notifications.email' job: one notification email to one person. */
export const notificationEmailJobSchema = z.object({
  userId: z.string(),
  organizationId: z.uuid().nullable(),
  event: notificationEventSchema,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
});
export type NotificationEmailJob = z.infer<typeof notificationEmailJobSchema>;

export const notificationEmailJob = defineJob('notifications.email', notificationEmailJobSchema);

/** Cron (hourly): each chooser's daily summary once per studio day. */
export const dailySummaryJob = defineJob('notifications.daily-summary', noPayload);
