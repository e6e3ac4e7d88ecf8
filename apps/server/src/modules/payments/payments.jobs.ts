import { z } from 'zod';
import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** The jobs of payments (handlers: billing.service.ts; the run: use-cases/billing-run.ts). */

/** Cron: charges recurring memberships due today. */
export const billingRunJob = defineJob('billing.run', noPayload);

export const paymentEmailJobSchema = z.object({
  organizationId: z.string(),
  entryId: z.string(),
  pastDue: z.boolean(),
  nextRetryDate: z.string().nullable(),
});

/** One "your payment failed" email to a member. */
export const paymentEmailJob = defineJob('payments.email', paymentEmailJobSchema);
