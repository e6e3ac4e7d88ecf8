import { z } from 'zod';
import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** The jobs of memberships (handler: memberships-jobs.service.ts). */

/** Cron: memberships end, expire and resume on their dates. */
export const membershipLifecycleJob = defineJob('memberships.lifecycle', noPayload);

/**
 * One membership email to its member: a cancellation they made online (with its last day), or
 * the receipt of a plan they bought online.
 */
export const membershipEmailJob = defineJob(
  'memberships.email',
  z.object({
    type: z.enum(['cancelled_online', 'bought_online']),
    organizationId: z.uuid(),
    membershipId: z.uuid(),
  }),
);
export type MembershipEmailJob = z.output<typeof membershipEmailJob.payload>;
