import type { WebPushPublicKey } from '@fitbase/domain/contracts/web-push';
import { portalFetch } from './portal-fetch';

/**
 * Web Push on this device (docs/product/member-portal.md#notifications). The browser's one push
 * subscription belongs to the portal's service worker (scope /m/), shared by every studio the
 * member uses here; each studio's server keeps its own copy, bound to the member.
 */

const SCOPE = '/m/';

/** The browser can do Web Push at all (not every one can: iOS only once installed). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The portal's service worker registration, or null when none is registered in this browser. */
export async function portalRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration(SCOPE)) ?? null;
}

const subscriptionPath = (endpoint: string) =>
  `/push/subscription?endpoint=${encodeURIComponent(endpoint)}`;

/** This device's endpoint when push is on for this member here, else null. */
export async function currentPushEndpoint(
  slug: string,
  registration: ServiceWorkerRegistration,
): Promise<string | null> {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return null;
  const state = await portalFetch<{ subscribed: boolean }>(
    slug,
    subscriptionPath(subscription.endpoint),
  );
  return state.subscribed ? subscription.endpoint : null;
}

/** base64url → the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

export type TurnOnResult = 'on' | 'denied';

/**
 * `Turn on push notifications`: asks the browser's permission, subscribes through the portal's
 * service worker with the server's VAPID key, and gives the subscription to the studio.
 */
export async function turnOnPush(
  slug: string,
  registration: ServiceWorkerRegistration,
): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { publicKey } = await portalFetch<WebPushPublicKey>(slug, '/push/public-key');
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key cannot be reused (the browser refuses to resubscribe).
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  await portalFetch(slug, '/push/subscription', { method: 'POST', body: subscription.toJSON() });
  return 'on';
}

/**
 * On `Sign out`: this device stops getting this member's notifications (best effort: signing out
 * never waits on, or fails for, push).
 */
export async function forgetPushHere(slug: string): Promise<void> {
  try {
    const registration = await portalRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) await turnOffPush(slug, subscription.endpoint);
  } catch {
    // Nothing to forget, or no connection: the server forgets it when the push service says so.
  }
}

/**
 * `Turn off` on this device for this studio. The browser's subscription itself is kept: another
 * studio's portal on this device may still use it.
 */
export async function turnOffPush(slug: string, endpoint: string): Promise<void> {
  await portalFetch(slug, subscriptionPath(endpoint), { method: 'DELETE' });
}
