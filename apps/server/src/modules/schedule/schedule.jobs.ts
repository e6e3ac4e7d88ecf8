import { z } from 'zod';
import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** The jobs of the schedule (handler: schedule-jobs.service.ts). */

/** Cron: generates sessions of recurring classes up to the rolling horizon. */
export const extendHorizonJob = defineJob('schedule.extend-horizon', noPayload);

export const SCHEDULE_EMAIL_TYPES = [
  'waitlist_promoted',
  'session_cancelled',
  'booking_confirmed',
  'class_reminder',
] as const;

/**
 * One message to a member about one booking (waitlist promotion, session cancelled, a portal
 * booking confirmed, a class reminder): by Web Push where they allowed it, else by email
 * (docs/product/member-portal.md#notifications); sent by bookings' handler.
 */
export const scheduleEmailJobSchema = z.object({
  type: z.enum(SCHEDULE_EMAIL_TYPES),
  organizationId: z.string(),
  bookingId: z.string(),
});
export type ScheduleEmailJob = z.infer<typeof scheduleEmailJobSchema>;

export const scheduleEmailJob = defineJob('schedule.email', scheduleEmailJobSchema);
