import { z } from 'zod';

/** Push notifications (docs/product/connect-and-messaging.md#push-notifications). */

export const PUSH_MESSAGE_MAX = 500;
/** Spec text (doc 2 §8). */
export const PUSH_MESSAGE_REQUIRED = 'Please enter a message';
export const PUSH_SENT = 'Push notification sent successfully';

export const pushNotificationInputSchema = z.object({
  message: z
    .string(PUSH_MESSAGE_REQUIRED)
    .trim()
    .min(1, PUSH_MESSAGE_REQUIRED)
    .max(PUSH_MESSAGE_MAX, `The message is at most ${PUSH_MESSAGE_MAX} characters`),
  /** The group sent to; null = everyone (the spec's default). */
  audienceId: z.uuid('Group must be a UUID').nullable().default(null),
  isMarketing: z.boolean().default(false),
});
export type PushNotificationInput = z.input<typeof pushNotificationInputSchema>;

export const pushNotificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  audienceId: z.string().nullable(),
  /** The group's name; null for everyone (or a group deleted since). */
  audienceName: z.string().nullable(),
  isMarketing: z.boolean(),
  /** Members it went to (after consent), and by which channel. */
  recipientCount: z.number().int(),
  pushCount: z.number().int(),
  emailCount: z.number().int(),
  sentByName: z.string().nullable(),
  createdAt: z.string(),
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;

export const pushNotificationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(25),
});
export const pushNotificationListSchema = z.object({
  items: z.array(pushNotificationSchema),
  nextCursor: z.string().nullable(),
});
export type PushNotificationList = z.infer<typeof pushNotificationListSchema>;
