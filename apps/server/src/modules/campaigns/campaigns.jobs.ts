import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/** The jobs of campaigns (handler: campaigns-send.service.ts). */

export const campaignJobSchema = z.object({ organizationId: z.uuid(), campaignId: z.uuid() });

/** Sends a campaign's queued recipients at its rate. */
export const campaignSendJob = defineJob('campaigns.send', campaignJobSchema);
