import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/** The jobs of push notifications (handler: push-notifications-deliver.service.ts). */

export const pushDeliverJobSchema = z.object({
  organizationId: z.uuid(),
  notificationId: z.uuid(),
  memberId: z.uuid(),
});

/** One push notification's copy to one member. */
export const pushDeliverJob = defineJob('push.deliver', pushDeliverJobSchema);
