import { z } from 'zod';
import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** Cron: queues the email of every receipt the ledger trigger marked pending (receipts-mail.ts). */
export const receiptEmailSweepJob = defineJob('receipts.email-sweep', noPayload);

/**
 * One email to a member with the documents of one payment transaction, each PDF attached (a plan
 * and its sign-up fee are two charges, two receipts, one email; receipts-mail.ts).
 */
export const receiptEmailJob = defineJob(
  'receipts.email',
  z.object({ organizationId: z.uuid(), receiptIds: z.array(z.uuid()).min(1).max(20) }),
);
export type ReceiptEmailJob = z.output<typeof receiptEmailJob.payload>;
