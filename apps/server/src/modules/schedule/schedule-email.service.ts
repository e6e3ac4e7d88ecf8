import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { scheduleEmailJob, type ScheduleEmailJob } from './schedule.jobs.ts';

export { scheduleEmailJob, type ScheduleEmailJob };

/**
 * Queues one schedule email in `unit` (a session cancelled here, a waitlist promotion in
 * bookings), sent by bookings' 'schedule.email' handler once the unit commits. The schedule is
 * below bookings, so both reach it without a cycle.
 */
export async function queueScheduleEmail(unit: UnitOfWork, email: ScheduleEmailJob): Promise<void> {
  await enqueueJob(unit, scheduleEmailJob, email);
}
