import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/** The jobs of data export (handler: data-export.service.ts). */

export const emailJobSchema = z.object({
  organizationId: z.string(),
  userId: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});

/** One owner's data export link by email. */
export const exportEmailJob = defineJob('data.export-email', emailJobSchema);
