import {
  closeEndedSessions,
  sendScheduleEmail,
} from '../modules/bookings/bookings-jobs.service.ts';
import { runMembershipLifecycle } from '../modules/memberships/memberships-jobs.service.ts';
import { runBilling, sendPaymentEmail } from '../modules/payments/billing.service.ts';
import { extendHorizons } from '../modules/schedule/schedule-jobs.service.ts';
import type { JobName } from './job-names.ts';
import type { JobHandler } from './job-queue.ts';

/** What runs each queue of jobs/job-names.ts. Handlers call module services only. */
export const JOB_HANDLERS: Record<JobName, JobHandler> = {
  'schedule.extend-horizon': (_data, { deps }) => extendHorizons(deps, new Date()),
  'schedule.close-sessions': (_data, { deps }) => closeEndedSessions(deps, new Date()),
  'schedule.email': (data, { deps }) => sendScheduleEmail(deps, data),
  'billing.run': async (_data, { deps }) => void (await runBilling(deps, new Date())),
  'payments.email': (data, { deps }) => sendPaymentEmail(deps, data),
  'memberships.lifecycle': async (_data, { deps }) =>
    void (await runMembershipLifecycle(deps, new Date())),
};
