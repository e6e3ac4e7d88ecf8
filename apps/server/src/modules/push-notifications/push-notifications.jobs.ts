import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/** The jobs of push notifications (handler: push-notifications-deliver.service.ts). */

export const pushDeliverJobSchema = z.object({
  organizationId: z.uuid(),
  notificationId: z.uuid(),
  memberId: z.uuid(),
  /** The channel counted for this copy when it was sent (older jobs: email). */
  channel: z.enum(['push', 'email']).default('email'),
});

/** One push notification's copy to one member. */
export const pushDeliverJob = defineJob('push.deliver', pushDeliverJobSchema);
