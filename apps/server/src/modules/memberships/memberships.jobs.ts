import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** The jobs of memberships (handler: memberships-jobs.service.ts). */

/** Cron: memberships end, expire and resume on their dates. */
export const membershipLifecycleJob = defineJob('memberships.lifecycle', noPayload);
