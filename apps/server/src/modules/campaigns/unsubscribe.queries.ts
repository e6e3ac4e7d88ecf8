import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { campaignRecipients, emailEvents } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';
import { organizations } from '../../db/schema/organizations.ts';

export async function setPostalAddress(
  db: Db | Tx,
  organizationId: string,
  postalAddress: string | null,
) {
  const [row] = await db
    .update(organizations)
    .set({ postalAddress, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning({ postalAddress: organizations.postalAddress });
  return row ?? null;
}

export async function findUnsubscribeMember(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({ id: members.id, unsubscribedAt: members.unsubscribedAt })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return row ?? null;
}

/** Withdraws consent; the first unsubscribe's time is kept (idempotent). */
export async function unsubscribeMember(db: Db | Tx, organizationId: string, memberId: string) {
  await db
    .update(members)
    .set({
      marketingConsent: false,
      unsubscribedAt: sql`coalesce(${members.unsubscribedAt}, now())`,
    })
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
}

/** Marks the campaign copy unsubscribed; returns its campaign when this was the first time. */
export async function unsubscribeRecipient(
  db: Db | Tx,
  organizationId: string,
  recipientId: string,
  memberId: string,
) {
  const [row] = await db
    .update(campaignRecipients)
    .set({ unsubscribedAt: sql`now()` })
    .where(
      and(
        eq(campaignRecipients.organizationId, organizationId),
        eq(campaignRecipients.id, recipientId),
        eq(campaignRecipients.memberId, memberId),
        isNull(campaignRecipients.unsubscribedAt),
      ),
    )
    .returning({ campaignId: campaignRecipients.campaignId });
  return row ?? null;
}

export async function insertUnsubscribeEvent(
  db: Db | Tx,
  organizationId: string,
  campaignId: string,
  recipientId: string,
) {
  await db
    .insert(emailEvents)
    .values({ organizationId, campaignId, recipientId, kind: 'unsubscribe' });
}
