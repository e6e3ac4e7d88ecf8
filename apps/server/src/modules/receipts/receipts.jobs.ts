import { z } from 'zod';
import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** Cron: queues the email of every receipt the ledger trigger marked pending (receipts-mail.ts). */
export const receiptEmailSweepJob = defineJob('receipts.email-sweep', noPayload);

/** One receipt's or credit note's email to its member, the PDF attached (receipts-mail.ts). */
export const receiptEmailJob = defineJob(
  'receipts.email',
  z.object({ organizationId: z.uuid(), receiptId: z.uuid() }),
);
export type ReceiptEmailJob = z.output<typeof receiptEmailJob.payload>;
