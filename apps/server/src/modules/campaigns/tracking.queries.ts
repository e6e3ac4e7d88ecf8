import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { campaignRecipients, emailEvents } from '../../db/schema/connect.ts';
import type { EmailEventKind } from '@fitbase/domain/connect-constants';

export async function findRecipient(db: Db | Tx, organizationId: string, recipientId: string) {
  const [row] = await db
    .select({
      id: campaignRecipients.id,
      campaignId: campaignRecipients.campaignId,
      sentAt: campaignRecipients.sentAt,
      status: campaignRecipients.status,
    })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.organizationId, organizationId),
        eq(campaignRecipients.id, recipientId),
      ),
    );
  return row ?? null;
}

export async function recordOpen(
  db: Db | Tx,
  organizationId: string,
  recipientId: string,
  machine: boolean,
  /** When; default the database's clock. */
  at?: Date,
) {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await db
    .update(campaignRecipients)
    .set(
      machine
        ? { machineOpenCount: sql`${campaignRecipients.machineOpenCount} + 1` }
        : {
            openCount: sql`${campaignRecipients.openCount} + 1`,
            firstOpenedAt: sql`coalesce(${campaignRecipients.firstOpenedAt}, ${now})`,
          },
    )
    .where(
      and(
        eq(campaignRecipients.organizationId, organizationId),
        eq(campaignRecipients.id, recipientId),
      ),
    );
}

export async function recordClick(
  db: Db | Tx,
  organizationId: string,
  recipientId: string,
  /** When; default the database's clock. */
  at?: Date,
) {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await db
    .update(campaignRecipients)
    .set({
      clickCount: sql`${campaignRecipients.clickCount} + 1`,
      firstClickedAt: sql`coalesce(${campaignRecipients.firstClickedAt}, ${now})`,
    })
    .where(
      and(
        eq(campaignRecipients.organizationId, organizationId),
        eq(campaignRecipients.id, recipientId),
      ),
    );
}

export async function insertEvent(
  db: Db | Tx,
  values: {
    organizationId: string;
    campaignId: string;
    recipientId: string;
    kind: EmailEventKind;
    url?: string;
    /** Default: the database's clock. */
    createdAt?: Date;
  },
) {
  await db.insert(emailEvents).values(values);
}
