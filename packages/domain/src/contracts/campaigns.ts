import { z } from 'zod';
import {
  CAMPAIGN_STATUSES,
  DEFAULT_SEND_RATE_PER_SECOND,
  DELIVERY_STATUSES,
  MAX_SEND_RATE_PER_SECOND,
} from '../connect-constants.ts';
import { emailNameSchema } from './email-templates.ts';

/** Campaigns (docs/product/connect-and-messaging.md#campaigns-connectcampaigns). */

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max.toLocaleString('en-US')} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

export const sendRateSchema = z
  .number({ error: 'Rate must be a whole number of messages per second' })
  .int('Rate must be a whole number of messages per second')
  .min(1, 'Rate is at least 1 message per second')
  .max(MAX_SEND_RATE_PER_SECOND, `Rate is at most ${MAX_SEND_RATE_PER_SECOND} messages per second`);

const campaignFields = {
  name: emailNameSchema('Campaign Name'),
  subject: optionalText('Subject Line', 200),
  content: optionalText('Email Content', 50_000),
  templateId: z.uuid('Template id must be a UUID').nullable(),
  /** null = every member with marketing consent. */
  audienceId: z.uuid('Audience id must be a UUID').nullable(),
  sendRatePerSecond: sendRateSchema,
};

export const campaignInputSchema = z.object({
  name: campaignFields.name,
  subject: campaignFields.subject.default(null),
  content: campaignFields.content.default(null),
  templateId: campaignFields.templateId.default(null),
  audienceId: campaignFields.audienceId.default(null),
  sendRatePerSecond: campaignFields.sendRatePerSecond.default(DEFAULT_SEND_RATE_PER_SECOND),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const campaignUpdateSchema = z.object(campaignFields).partial();
export type CampaignUpdate = z.input<typeof campaignUpdateSchema>;

/** Sending: to a group (or everyone with consent), now or at `scheduledAt`, at a rate. */
export const campaignSendSchema = z.object({
  audienceId: campaignFields.audienceId.optional(),
  sendRatePerSecond: sendRateSchema.optional(),
  scheduledAt: z.iso
    .datetime({ offset: true, error: 'Scheduled time must be a date and time' })
    .nullable()
    .default(null),
});
export type CampaignSend = z.input<typeof campaignSendSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string().nullable(),
  content: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  templateId: z.string().nullable(),
  audienceId: z.string().nullable(),
  sendRatePerSecond: z.number().int(),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  recipientCount: z.number().int(),
  sentCount: z.number().int(),
  failedCount: z.number().int(),
  /** Recipients with a human open / recipients sent, in percent (null before any is sent). */
  openRate: z.number().nullable(),
  clickCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({ campaigns: z.array(campaignSchema) });
export type CampaignList = z.infer<typeof campaignListSchema>;

export const campaignListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
});

export const campaignSummarySchema = z.object({
  activeCampaigns: z.number().int(),
  /** Mean of the open rates of sent campaigns, rounded percent; null when none was sent. */
  averageOpenRate: z.number().int().nullable(),
  totalReach: z.number().int(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignSeriesPointSchema = z.object({
  at: z.string(),
  deliveries: z.number().int(),
  opens: z.number().int(),
  clicks: z.number().int(),
  unsubscribes: z.number().int(),
});

export const campaignDetailsSchema = campaignSchema.extend({
  queuedCount: z.number().int(),
  /** Recipients who opened (people, not privacy proxies), and machine opens apart. */
  openedCount: z.number().int(),
  machineOpenCount: z.number().int(),
  clickedCount: z.number().int(),
  unsubscribedCount: z.number().int(),
  series: z.object({
    /** Hours for the first two days after sending, days after that. */
    bucket: z.enum(['hour', 'day']),
    points: z.array(campaignSeriesPointSchema),
  }),
});
export type CampaignDetails = z.infer<typeof campaignDetailsSchema>;

export const campaignRecipientSchema = z.object({
  id: z.string(),
  email: z.string(),
  memberName: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  firstOpenedAt: z.string().nullable(),
  openCount: z.number().int(),
  clickCount: z.number().int(),
  unsubscribedAt: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const campaignRecipientsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page is at least 1').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'Page size is at least 1')
    .max(100, 'Page size is at most 100')
    .default(25),
});

export const campaignRecipientPageSchema = z.object({
  recipients: z.array(campaignRecipientSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CampaignRecipientPage = z.infer<typeof campaignRecipientPageSchema>;

export const postalAddressSchema = z.object({
  postalAddress: z
    .string({ error: 'Postal address is required' })
    .trim()
    .min(5, 'Enter the full postal address')
    .max(300, 'Postal address is at most 300 characters'),
});

export const postalAddressResultSchema = z.object({ postalAddress: z.string().nullable() });
export type PostalAddressResult = z.infer<typeof postalAddressResultSchema>;

export const unsubscribePageSchema = z.object({
  studioName: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribePage = z.infer<typeof unsubscribePageSchema>;
