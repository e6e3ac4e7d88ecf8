import { z } from 'zod';
import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** The jobs of the schedule (handler: schedule-jobs.service.ts). */

/** Cron: generates sessions of recurring classes up to the rolling horizon. */
export const extendHorizonJob = defineJob('schedule.extend-horizon', noPayload);

export const SCHEDULE_EMAIL_TYPES = ['waitlist_promoted', 'session_cancelled'] as const;

/** One schedule email (waitlist promotion, session cancelled); sent by bookings' handler. */
export const scheduleEmailJobSchema = z.object({
  type: z.enum(SCHEDULE_EMAIL_TYPES),
  organizationId: z.string(),
  bookingId: z.string(),
});
export type ScheduleEmailJob = z.infer<typeof scheduleEmailJobSchema>;

export const scheduleEmailJob = defineJob('schedule.email', scheduleEmailJobSchema);
