import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/** The jobs of conversations (handler: messages-send.service.ts). */

export const messageSendJobSchema = z.object({
  organizationId: z.uuid(),
  messageId: z.uuid(),
});

/** One 1:1 message to a member. */
export const messageSendJob = defineJob('messages.send', messageSendJobSchema);
