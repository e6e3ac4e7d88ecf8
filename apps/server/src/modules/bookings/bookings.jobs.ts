import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** The jobs of bookings (handlers: bookings-jobs.service.ts). */

/** Cron: closes attendance of ended sessions. */
export const closeSessionsJob = defineJob('schedule.close-sessions', noPayload);

/** Cron: claims the class reminders now due and queues one message per booking. */
export const remindJob = defineJob('bookings.remind', noPayload);
