import { z } from 'zod';

/**
 * Web Push in the member portal (docs/product/member-portal.md#notifications): the server's
 * public VAPID key, a browser's subscription, and what a push message carries to the portal's
 * service worker.
 */

/** The server's public VAPID key (RFC 8292), base64url: the portal's `applicationServerKey`. */
export const webPushPublicKeySchema = z.object({ publicKey: z.string() });
export type WebPushPublicKey = z.infer<typeof webPushPublicKeySchema>;

const base64url = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${label} must be base64url`);

/**
 * A browser's `PushSubscription.toJSON()`: the push service's address and the keys the payload
 * is encrypted to (RFC 8291). Whether a plain-http address is accepted is the server's call
 * (only outside production, for a local push service).
 */
export const webPushSubscriptionSchema = z.object({
  endpoint: z
    .string('Endpoint is required')
    .trim()
    .max(2000, 'Endpoint is too long')
    .regex(/^https?:\/\/[^\s/]+\/?\S*$/, 'Endpoint must be an https address'),
  keys: z.object({
    p256dh: base64url('The p256dh key', 200),
    auth: base64url('The auth secret', 100),
  }),
});
export type WebPushSubscriptionInput = z.input<typeof webPushSubscriptionSchema>;

/** Unsubscribing names the endpoint only. */
export const webPushEndpointSchema = webPushSubscriptionSchema.pick({ endpoint: true });

/** Whether this member has push turned on on this device (this endpoint). */
export const webPushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });

/**
 * The JSON body of every push message; the service worker shows `title` and `body` and opens
 * `url` (a portal path like /m/{slug}/bookings) when the notification is clicked. A `tag`
 * replaces an earlier notification with the same tag instead of stacking.
 */
export const webPushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type WebPushMessage = z.infer<typeof webPushMessageSchema>;
