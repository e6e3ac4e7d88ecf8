import { z } from 'zod';

/**
 * Webhooks (docs/product/integrations.md#webhooks): Settings › Webhooks, where owners and admins
 * add HTTPS endpoints, choose their events and see every delivery attempt.
 */

/** Every event an endpoint can choose, in the order Settings › Webhooks lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'member.created',
  'member.updated',
  'membership.started',
  'membership.paused',
  'membership.cancelled',
  'booking.created',
  'booking.cancelled',
  'check_in.created',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'order.completed',
  'lead.created',
  'waiver.signed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What Settings › Webhooks says for each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'member.created': 'Member created',
  'member.updated': 'Member updated',
  'membership.started': 'Membership started',
  'membership.paused': 'Membership paused',
  'membership.cancelled': 'Membership cancelled',
  'booking.created': 'Booking created',
  'booking.cancelled': 'Booking cancelled',
  'check_in.created': 'Check-in',
  'payment.succeeded': 'Payment succeeded',
  'payment.failed': 'Payment failed',
  'payment.refunded': 'Payment refunded',
  'order.completed': 'Order completed',
  'lead.created': 'Lead created',
  'waiver.signed': 'Waiver signed',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Set when FitBase disabled it after 24 hours of failed deliveries. */
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** `whsec_…`: what receivers verify signatures with (owners and admins only). */
  secret: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

const urlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the address that receives the events')
  .max(2000, 'Use at most 2,000 characters');

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'Choose at least one event')
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

const descriptionSchema = z
  .string()
  .trim()
  .max(200, 'Use at most 200 characters')
  .optional()
  .nullable();

export const createWebhookEndpointInputSchema = z.object({
  url: urlSchema,
  description: descriptionSchema,
  events: eventsSchema,
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInputSchema>;

export const updateWebhookEndpointInputSchema = z.object({
  url: urlSchema.optional(),
  description: descriptionSchema,
  events: eventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointInputSchema>;

/** One attempt at delivering one event (the `Deliveries` list, newest first). */
export const webhookAttemptSchema = z.object({
  id: z.string(),
  deliveryId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  /** A connection error, a timeout or a refused address, when there was no answer. */
  error: z.string().nullable(),
  /** The answer's first 1 KB. */
  responseBody: z.string().nullable(),
  durationMs: z.number().int(),
  manual: z.boolean(),
  attemptedAt: z.string(),
  deliveryStatus: z.enum(WEBHOOK_DELIVERY_STATUSES),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** The body every endpoint receives (signed as Standard Webhooks describe). */
export const webhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  timestamp: z.string(),
  organizationId: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
