import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';

/** The member's check-in code: null when none was made yet, undefined when there is no member. */
export async function readCheckInCode(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({ code: members.checkInCode })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return row ? row.code : undefined;
}

export async function writeCheckInCode(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  code: string,
) {
  await db
    .update(members)
    .set({ checkInCode: code })
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
}

export interface NotificationConsents {
  emailReminders: boolean;
  pushReminders: boolean;
  pushMarketing: boolean;
}

/** The member's reminder and push switches (docs/product/member-portal.md#notifications). */
export async function readNotificationConsents(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
): Promise<NotificationConsents | undefined> {
  const [row] = await db
    .select({
      emailReminders: members.emailReminders,
      pushReminders: members.pushReminders,
      pushMarketing: members.pushMarketing,
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return row;
}

export async function writeNotificationConsents(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  changes: Partial<NotificationConsents>,
) {
  await db
    .update(members)
    .set(changes)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
}
