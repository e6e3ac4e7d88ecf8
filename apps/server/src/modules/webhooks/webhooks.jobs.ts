import { z } from 'zod';
import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** Recorded events to deliveries (handler: webhooks-dispatch.service.ts); also woken by NOTIFY. */
export const webhookDispatchJob = defineJob('webhooks.dispatch', noPayload);

/**
 * One attempt at one delivery (handler: webhooks-deliver.service.ts). A failed attempt enqueues
 * the next one with its `startAfter` (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); `manual` is a
 * `Resend` from Settings › Webhooks, outside the schedule.
 */
export const webhookDeliverJob = defineJob(
  'webhooks.deliver',
  z.object({
    organizationId: z.uuid(),
    deliveryId: z.uuid(),
    manual: z.boolean().default(false),
    /** Which scheduled attempt this is (1 = the first; 8 = the last, about 28 hours later). */
    attempt: z.number().int().min(1).default(1),
  }),
);
export type WebhookDeliverJob = z.output<typeof webhookDeliverJob.payload>;

/** "Your webhook endpoint was disabled" to the studio's owners (handler: webhooks-mail.ts). */
export const webhookEmailJob = defineJob(
  'webhooks.email',
  z.object({ organizationId: z.uuid(), endpointId: z.uuid() }),
);
export type WebhookEmailJob = z.output<typeof webhookEmailJob.payload>;
