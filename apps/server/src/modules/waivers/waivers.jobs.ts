import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/** The signed copy of a waiver, emailed with its PDF to the member (handler: waiver-mail.ts). */
export const waiverEmailJob = defineJob(
  'waivers.email',
  z.object({ organizationId: z.uuid(), signatureId: z.uuid() }),
);
export type WaiverEmailJob = z.output<typeof waiverEmailJob.payload>;
