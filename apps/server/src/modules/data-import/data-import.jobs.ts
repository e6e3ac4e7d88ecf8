import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/** The jobs of data import (handler: data-import-job.service.ts). */

export const importJobSchema = z.object({ organizationId: z.uuid(), importId: z.uuid() });

/** One CSV import: its rows in batches. */
export const importJob = defineJob('data.import', importJobSchema);
