import { z } from 'zod';
import { TEMPLATE_STATUSES } from '../connect-constants.ts';

/** Email templates (docs/product/connect-and-messaging.md#email-templates-communicationstemplates). */

export const emailNameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(120, `${label} is at most 120 characters`);

export const emailSubjectSchema = z
  .string({ error: 'Subject is required' })
  .trim()
  .min(1, 'Subject is required')
  .max(200, 'Subject is at most 200 characters');

export const emailContentSchema = z
  .string({ error: 'Content is required' })
  .trim()
  .min(1, 'Content is required')
  .max(50_000, 'Content is at most 50,000 characters');

export const emailTemplateInputSchema = z.object({
  name: emailNameSchema('Name'),
  subject: emailSubjectSchema,
  content: emailContentSchema,
});
export type EmailTemplateInput = z.input<typeof emailTemplateInputSchema>;

export const emailTemplateUpdateSchema = emailTemplateInputSchema
  .partial()
  .extend({ status: z.enum(TEMPLATE_STATUSES, 'Choose active or archived').optional() });
export type EmailTemplateUpdate = z.input<typeof emailTemplateUpdateSchema>;

export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateListSchema = z.object({
  templates: z.array(emailTemplateSchema),
  /** Templates not archived (the "Active templates" figure). */
  activeCount: z.number().int(),
});
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

export const emailPreviewInputSchema = z.object({
  subject: z.string().max(200, 'Subject is at most 200 characters').default(''),
  content: z.string().max(50_000, 'Content is at most 50,000 characters').default(''),
});

export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;
