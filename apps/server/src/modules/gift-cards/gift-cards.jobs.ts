import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/**
 * The recipient's email with the code (handler: gift-cards.mail.ts). The code travels in the
 * job's payload because it is stored nowhere else (only its hash: ADR 0040); the job is queued
 * in the sale's transaction, so a card exists exactly when its email is on its way, and an SMTP
 * failure is retried by the queue.
 */
export const giftCardEmailJob = defineJob(
  'gift-cards.email',
  z.object({ organizationId: z.uuid(), giftCardId: z.uuid(), code: z.string() }),
);
export type GiftCardEmailJob = z.output<typeof giftCardEmailJob.payload>;
