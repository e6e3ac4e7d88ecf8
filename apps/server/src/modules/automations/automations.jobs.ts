import { z } from 'zod';
import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** The jobs of automations (handlers: automations-engine.service.ts). */

/** Cron: starts runs for new trigger occurrences and advances due runs. */
export const automationsTickJob = defineJob('automations.tick', noPayload);

/** The 'automations.email' job: one step's email to one member. */
export const automationEmailJobSchema = z.object({
  organizationId: z.string(),
  runId: z.string(),
  step: z.number().int(),
  templateId: z.string(),
  memberId: z.string(),
});
export type AutomationEmailJob = z.infer<typeof automationEmailJobSchema>;

export const automationEmailJob = defineJob('automations.email', automationEmailJobSchema);
