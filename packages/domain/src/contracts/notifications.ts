import { z } from 'zod';
import { NOTIFICATION_EVENTS } from '../settings-constants.ts';

/**
 * The bell and each person's notification preferences (Settings → Notifications). A person's
 * bell shows their notifications of the current studio plus their platform ones (trial
 * requests, which belong to no studio).
 */

/** The bell lists this many of the person's latest notifications. */
export const BELL_LIST_LIMIT = 20;

export const notificationEventSchema = z.enum(NOTIFICATION_EVENTS, 'Unknown notification event');

export const notificationSchema = z.object({
  id: z.uuid(),
  event: notificationEventSchema,
  title: z.string(),
  body: z.string(),
  /** An app path to open, e.g. /leads?lead={id}. */
  link: z.string().nullable(),
  /** Null for a platform notification (no studio). */
  organizationId: z.uuid().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Every unread notification of the person in this scope, not only the listed 20. */
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markAllReadResultSchema = z.object({ updated: z.number().int().nonnegative() });

const eventList = z
  .array(notificationEventSchema)
  .max(NOTIFICATION_EVENTS.length)
  .transform((events) => NOTIFICATION_EVENTS.filter((e) => events.includes(e)));

export const notificationPreferencesSchema = z.object({
  emailEvents: z.array(notificationEventSchema),
  bellEvents: z.array(notificationEventSchema),
  /** The events this person can receive here (trial requests only for platform admins). */
  availableEvents: z.array(notificationEventSchema),
  /** False until the person saves once: the defaults apply. */
  customised: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesInputSchema = z.object({
  emailEvents: eventList,
  bellEvents: eventList,
});
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesInputSchema>;
