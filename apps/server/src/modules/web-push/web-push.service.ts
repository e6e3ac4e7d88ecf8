import webpush from 'web-push';
import type {
  WebPushMessage,
  WebPushPublicKey,
  WebPushSubscriptionInput,
} from '@fitbase/domain/contracts/web-push';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { Deps, MemberScope } from '../../http/types.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import * as queries from './web-push.queries.ts';

/**
 * Web Push to members (docs/product/member-portal.md#notifications): the platform's VAPID key
 * pair, members' subscriptions (one per device), and `notifyMember`, which every notification
 * to a member goes through: Web Push where the member allowed that kind, else email.
 */

/** The key pair, made on first use; a concurrent first use keeps whichever pair was stored first. */
export async function vapidKeys(db: Db | Tx): Promise<{ publicKey: string; privateKey: string }> {
  const found = await queries.readVapidKeys(db);
  if (found) return found;
  await queries.insertVapidKeysOnce(db, webpush.generateVAPIDKeys());
  const stored = await queries.readVapidKeys(db);
  if (!stored) throw new Error('web_push_keys holds no key pair after inserting one');
  return stored;
}

export async function webPushPublicKey(scope: MemberScope): Promise<WebPushPublicKey> {
  return { publicKey: (await vapidKeys(scope.db)).publicKey };
}

/**
 * The VAPID `sub` claim (RFC 8292 §2.1): how a push service reaches the sender — the configured
 * sender address (MAIL_FROM), else the site (APP_URL).
 */
export function vapidSubject(config: Pick<Config, 'mailFrom' | 'appUrl'>): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? `mailto:${address}` : config.appUrl;
}

const ENDPOINT_REFUSED = 'Endpoint must be an https address of a push service';
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;

/**
 * The server POSTs to whatever endpoint a browser gave, so only push services' addresses are
 * taken: https to a named host in production; outside production a plain-http loopback address
 * too, for the local push service the tests run (no browser vendor's service is reachable there).
 */
function checkEndpoint(endpoint: string, config: Pick<Config, 'isProduction'>): void {
  const refuse = () => {
    throw new AppError('validation_error', ENDPOINT_REFUSED, { endpoint: ENDPOINT_REFUSED });
  };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refuse();
  }
  if (url.username || url.password) refuse();
  const ipLiteral = /^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[');
  if (
    url.protocol === 'https:' &&
    !(config.isProduction && (ipLiteral || LOOPBACK.test(url.hostname)))
  )
    return;
  if (url.protocol === 'http:' && !config.isProduction && LOOPBACK.test(url.hostname)) return;
  refuse();
}

/** A member's devices with push on, per studio; subscribing another forgets the oldest. */
export const MAX_DEVICES = 10;

export async function subscribeToPush(
  scope: MemberScope,
  config: Pick<Config, 'isProduction'>,
  input: WebPushSubscriptionInput,
  userAgent: string | null,
): Promise<{ subscribed: true }> {
  checkEndpoint(input.endpoint, config);
  await queries.upsertSubscription(scope.db, scope.organizationId, {
    memberId: scope.memberId,
    endpoint: input.endpoint.trim(),
    p256dh: input.keys.p256dh.trim(),
    auth: input.keys.auth.trim(),
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  await queries.trimMemberSubscriptions(
    scope.db,
    scope.organizationId,
    scope.memberId,
    MAX_DEVICES,
  );
  return { subscribed: true };
}

/** `Turn off` on this device: idempotent, and only ever this member's own subscription. */
export async function unsubscribeFromPush(
  scope: MemberScope,
  endpoint: string,
): Promise<{ subscribed: false }> {
  await queries.deleteMemberSubscription(scope.db, scope.organizationId, scope.memberId, endpoint);
  return { subscribed: false };
}

/** `Sign out everywhere`: no device of the member's keeps getting their notifications. */
export async function forgetMemberDevices(scope: MemberScope): Promise<void> {
  await queries.deleteMemberSubscriptions(scope.db, scope.organizationId, scope.memberId);
}

export async function pushSubscriptionState(
  scope: MemberScope,
  endpoint: string,
): Promise<{ subscribed: boolean }> {
  const subscribed = await queries.memberHasSubscription(
    scope.db,
    scope.organizationId,
    scope.memberId,
    endpoint,
  );
  return { subscribed };
}

/**
 * What a message is, for consent: `transactional` (a booking confirmed, a waitlist place) needs
 * no consent; `reminder` follows the reminder switches; `marketing` needs marketing consent and,
 * for push, the push marketing switch too.
 */
export type NotificationKind = 'transactional' | 'reminder' | 'marketing';

type Consents = NonNullable<Awaited<ReturnType<typeof queries.deliveryTargets>>['member']>;

export function pushAllowed(kind: NotificationKind, m: Consents): boolean {
  if (kind === 'reminder') return m.pushReminders;
  if (kind === 'marketing') return m.pushMarketing && m.marketingConsent && !m.unsubscribedAt;
  return true;
}

/**
 * Where an email about the member goes: marketing only to their own address; a service message
 * or reminder to theirs, else to their household payer's (docs/product/members.md#households).
 */
export function emailAddress(kind: NotificationKind, m: Consents): string | null {
  const to = kind === 'marketing' ? m.email : m.mailTo;
  return to?.trim() || null;
}

export function emailAllowed(kind: NotificationKind, m: Consents): boolean {
  if (!emailAddress(kind, m)) return false;
  if (kind === 'reminder') return m.emailReminders;
  if (kind === 'marketing') return m.marketingConsent && !m.unsubscribedAt;
  return true;
}

export interface MemberNotification {
  organizationId: string;
  memberId: string;
  kind: NotificationKind;
  push: WebPushMessage;
  /** The email when push does not reach them; null when this message has no email form. */
  email: MailMessage | null;
}

export type Delivery = 'push' | 'email' | 'none';

const PUSH_TIMEOUT_MS = 10_000;
// A push service keeps an undelivered message this long for a device that is offline.
const PUSH_TTL_SECONDS = 24 * 3600;

type Attempt = { id: string; result: 'sent' | 'gone' | 'failed' };

async function pushTo(
  subscription: { id: string; endpoint: string; p256dh: string; auth: string },
  payload: string,
  vapid: { subject: string; publicKey: string; privateKey: string },
  urgency: 'normal' | 'low',
): Promise<Attempt> {
  const { id } = subscription;
  // web-push builds the request (RFC 8291 encryption, RFC 8292 VAPID header); it is sent with
  // fetch so a timeout bounds it and a local http push service can be reached outside production.
  const request = webpush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    payload,
    { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, urgency, contentEncoding: 'aes128gcm' },
  );
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([k, v]) => [k, String(v)]),
  );
  try {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    // RFC 8030 §6.2 / §7.3: 404 and 410 mean the subscription no longer exists.
    if (res.status === 404 || res.status === 410) return { id, result: 'gone' };
    return { id, result: res.ok ? 'sent' : 'failed' };
  } catch {
    return { id, result: 'failed' };
  }
}

/**
 * Sends one message to one member: Web Push to each of their devices when the kind is allowed
 * for push; devices the push service calls gone are forgotten. When no device took it (none,
 * not allowed, or every push failed), the email goes instead where that kind may be emailed.
 * Consent is read now, at delivery, not when the message was queued.
 */
export async function notifyMember(deps: Deps, n: MemberNotification): Promise<Delivery> {
  const { organizationId, memberId } = n;
  const facts = await runInStudio(deps.database.db, organizationId, async (tx) => {
    const targets = await queries.deliveryTargets(tx, organizationId, memberId);
    const keys = targets.subscriptions.length > 0 ? await vapidKeys(tx) : null;
    return { ...targets, keys };
  });
  const { member } = facts;
  if (!member) return 'none';
  if (facts.keys && pushAllowed(n.kind, member)) {
    const vapid = { subject: vapidSubject(deps.config), ...facts.keys };
    const payload = JSON.stringify(n.push);
    const urgency = n.kind === 'marketing' ? 'low' : 'normal';
    const attempts = await Promise.all(
      facts.subscriptions.map((s) => pushTo(s, payload, vapid, urgency)),
    );
    const ids = (result: Attempt['result']) =>
      attempts.filter((a) => a.result === result).map((a) => a.id);
    const sentIds = ids('sent');
    const goneIds = ids('gone');
    if (sentIds.length > 0 || goneIds.length > 0)
      await runInStudio(deps.database.db, organizationId, (tx) =>
        queries.recordPushOutcome(tx, organizationId, { sentIds, goneIds, at: new Date() }),
      );
    if (sentIds.length > 0) return 'push';
    if (attempts.length > goneIds.length)
      deps.logger.warn({ organizationId, memberId }, 'Web Push failed on every device: emailing');
  }
  const to = emailAddress(n.kind, member);
  if (!n.email || !to || !emailAllowed(n.kind, member)) return 'none';
  await deps.mailer.send({ ...n.email, to });
  return 'email';
}
