import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { pushSubscriptions, webPushKeys } from '../../db/schema/web-push.ts';
import { memberMailTo } from '../../db/member-mail-to.ts';

/** The platform's VAPID key pair, or undefined before the first one was made. */
export async function readVapidKeys(db: Db | Tx) {
  const [row] = await db
    .select({ publicKey: webPushKeys.publicKey, privateKey: webPushKeys.privateKey })
    .from(webPushKeys)
    .where(eq(webPushKeys.id, 1));
  return row;
}

/** Stores a key pair unless another process stored one first (its pair then wins). */
export async function insertVapidKeysOnce(
  db: Db | Tx,
  keys: { publicKey: string; privateKey: string },
) {
  await db
    .insert(webPushKeys)
    .values({ id: 1, ...keys })
    .onConflictDoNothing({ target: webPushKeys.id });
}

export interface SubscriptionValues {
  memberId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/**
 * One subscription per studio and endpoint: a browser that subscribes again (new keys, or
 * another member signing in on the same device) takes the row over.
 */
export async function upsertSubscription(
  db: Db | Tx,
  organizationId: string,
  values: SubscriptionValues,
) {
  await db
    .insert(pushSubscriptions)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({
      target: [pushSubscriptions.organizationId, pushSubscriptions.endpoint],
      set: {
        memberId: values.memberId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
      },
    });
}

/** Keeps the member's `keep` newest devices: a member cannot make the server push to any number. */
export async function trimMemberSubscriptions(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  keep: number,
) {
  const own = and(
    eq(pushSubscriptions.organizationId, organizationId),
    eq(pushSubscriptions.memberId, memberId),
  );
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(own)
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db.delete(pushSubscriptions).where(and(own, notInArray(pushSubscriptions.id, newest)));
}

export async function deleteMemberSubscription(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  endpoint: string,
) {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.organizationId, organizationId),
        eq(pushSubscriptions.memberId, memberId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
}

export async function deleteMemberSubscriptions(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
) {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.organizationId, organizationId),
        eq(pushSubscriptions.memberId, memberId),
      ),
    );
}

export async function memberHasSubscription(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  endpoint: string,
) {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.organizationId, organizationId),
        eq(pushSubscriptions.memberId, memberId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
  return Boolean(row);
}

/** Whether the member has any device to push to in this studio (one index probe). */
/** What a delivery needs: the member's consents and their devices. */
export async function deliveryTargets(db: Db | Tx, organizationId: string, memberId: string) {
  const [member] = await db
    .select({
      email: members.email,
      /** Service messages: their email, else their household payer's. */
      mailTo: memberMailTo(),
      marketingConsent: members.marketingConsent,
      unsubscribedAt: members.unsubscribedAt,
      emailReminders: members.emailReminders,
      pushReminders: members.pushReminders,
      pushMarketing: members.pushMarketing,
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  const subscriptions = member
    ? await db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.organizationId, organizationId),
            eq(pushSubscriptions.memberId, memberId),
          ),
        )
    : [];
  return { member, subscriptions };
}

/** After a delivery: devices the push service says are gone, and those that took the message. */
export async function recordPushOutcome(
  db: Db | Tx,
  organizationId: string,
  outcome: { goneIds: string[]; sentIds: string[]; at: Date },
) {
  if (outcome.goneIds.length > 0)
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.organizationId, organizationId),
          inArray(pushSubscriptions.id, outcome.goneIds),
        ),
      );
  if (outcome.sentIds.length > 0)
    await db
      .update(pushSubscriptions)
      .set({ lastSentAt: outcome.at })
      .where(
        and(
          eq(pushSubscriptions.organizationId, organizationId),
          inArray(pushSubscriptions.id, outcome.sentIds),
        ),
      );
}
