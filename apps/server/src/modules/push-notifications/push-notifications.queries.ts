import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { afterCursor, cursorTimestamp, newestFirst, type Cursor } from '../../db/keyset.ts';
import { users } from '../../db/schema/auth.ts';
import { audiences } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';
import { pushNotifications } from '../../db/schema/messaging.ts';
import { pushSubscriptions } from '../../db/schema/web-push.ts';

export type PushNotificationValues = Pick<
  typeof pushNotifications.$inferInsert,
  | 'message'
  | 'audienceId'
  | 'isMarketing'
  | 'recipientCount'
  | 'pushCount'
  | 'emailCount'
  | 'sentBy'
>;

/**
 * The members a notification goes to: everyone (or the group's members, `groupIds` being the
 * groups module's subquery) reachable by Web Push or email; marketing only to those who
 * consented and have not unsubscribed. `push`: a device of theirs is subscribed and they allow
 * this kind by push (marketing needs their push marketing switch), so it is expected to go by
 * push (docs/product/member-portal.md#notifications).
 */
export async function recipients(
  tx: Db | Tx,
  organizationId: string,
  options: { groupIds: SQL | null; marketing: boolean },
): Promise<Array<{ id: string; push: boolean }>> {
  const subscribed = sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.organizationId} = ${members.organizationId} and ${pushSubscriptions.memberId} = ${members.id})`;
  const pushable = options.marketing
    ? sql`(${members.pushMarketing} and ${subscribed})`
    : subscribed;
  const conditions: SQL[] = [
    eq(members.organizationId, organizationId),
    or(sql`btrim(${members.email}) <> ''`, pushable)!,
  ];
  if (options.groupIds) conditions.push(sql`${members.id} in (${options.groupIds})`);
  if (options.marketing)
    conditions.push(eq(members.marketingConsent, true), isNull(members.unsubscribedAt));
  return tx
    .select({ id: members.id, push: sql<boolean>`${pushable}` })
    .from(members)
    .where(and(...conditions));
}

/**
 * A copy went by another channel than expected when the notification was sent (push failed and
 * email went, or push was turned off since): the reach by channel is moved to what happened.
 */
export async function recountChannel(
  db: Db | Tx,
  organizationId: string,
  id: string,
  change: { push: number; email: number },
) {
  await db
    .update(pushNotifications)
    .set({
      pushCount: sql`greatest(${pushNotifications.pushCount} + ${change.push}, 0)`,
      emailCount: sql`greatest(${pushNotifications.emailCount} + ${change.email}, 0)`,
    })
    .where(and(eq(pushNotifications.organizationId, organizationId), eq(pushNotifications.id, id)));
}

export async function insertNotification(
  tx: Tx,
  organizationId: string,
  values: PushNotificationValues,
) {
  const [row] = await tx
    .insert(pushNotifications)
    .values({ ...values, organizationId })
    .returning({ id: pushNotifications.id });
  if (!row) throw new Error('insert push_notifications returned no row');
  return row;
}

const columns = {
  id: pushNotifications.id,
  message: pushNotifications.message,
  audienceId: pushNotifications.audienceId,
  audienceName: audiences.name,
  isMarketing: pushNotifications.isMarketing,
  recipientCount: pushNotifications.recipientCount,
  pushCount: pushNotifications.pushCount,
  emailCount: pushNotifications.emailCount,
  sentByName: users.name,
  createdAt: pushNotifications.createdAt,
  cursorTs: cursorTimestamp(pushNotifications.createdAt),
};

function selectNotifications(db: Db | Tx, organizationId: string, conditions: SQL[]) {
  return db
    .select(columns)
    .from(pushNotifications)
    .leftJoin(
      audiences,
      and(
        eq(audiences.organizationId, pushNotifications.organizationId),
        eq(audiences.id, pushNotifications.audienceId),
      ),
    )
    .leftJoin(users, eq(users.id, pushNotifications.sentBy))
    .where(and(eq(pushNotifications.organizationId, organizationId), ...conditions));
}

export async function listNotifications(
  db: Db | Tx,
  organizationId: string,
  page: { after: Cursor | null; limit: number },
) {
  const after = afterCursor(pushNotifications.createdAt, pushNotifications.id, page.after);
  return selectNotifications(db, organizationId, after ? [after] : [])
    .orderBy(...newestFirst(pushNotifications.createdAt, pushNotifications.id))
    .limit(page.limit);
}

export async function findNotification(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await selectNotifications(db, organizationId, [eq(pushNotifications.id, id)]);
  return row ?? null;
}

/** What one copy needs at delivery time: the message and the member as they are now. */
export async function deliveryFacts(
  db: Db | Tx,
  organizationId: string,
  notificationId: string,
  memberId: string,
) {
  const [notification] = await db
    .select({ message: pushNotifications.message, isMarketing: pushNotifications.isMarketing })
    .from(pushNotifications)
    .where(
      and(
        eq(pushNotifications.organizationId, organizationId),
        eq(pushNotifications.id, notificationId),
      ),
    );
  const [member] = await db
    .select({
      email: members.email,
      firstName: members.firstName,
      lastName: members.lastName,
      marketingConsent: members.marketingConsent,
      unsubscribedAt: members.unsubscribedAt,
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return { notification: notification ?? null, member: member ?? null };
}
