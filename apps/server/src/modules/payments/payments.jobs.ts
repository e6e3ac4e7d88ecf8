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
  /**
   * A household's one declined charge (ADR 0042): every line it covered with what happens next
   * to it, so its payer gets one email, not one per membership. Absent for a member's own.
   */
  group: z
    .array(
      z.object({
        entryId: z.string(),
        pastDue: z.boolean(),
        nextRetryDate: z.string().nullable(),
      }),
    )
    .optional(),
});

/** One "your payment failed" email to a member (or a household's payer, for all it covered). */
export const paymentEmailJob = defineJob('payments.email', paymentEmailJobSchema);
