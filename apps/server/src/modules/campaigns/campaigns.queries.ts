import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { campaignRecipients, campaigns } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
type CampaignValues = Partial<
  Pick<
    typeof campaigns.$inferInsert,
    | 'name'
    | 'subject'
    | 'content'
    | 'templateId'
    | 'audienceId'
    | 'sendRatePerSecond'
    | 'scheduledAt'
    | 'status'
  >
>;

/**
 * A campaign with its delivery figures: the counters the recipients' trigger keeps on the row
 * (migration 0018), so listing campaigns never counts their recipients.
 */
export type CampaignWithStats = CampaignRow;

function withStats(db: Db | Tx) {
  return db.select().from(campaigns);
}

/** The list: not deleted, newest first, optionally matching a name or subject. */
export async function listCampaigns(db: Db | Tx, organizationId: string, search?: string) {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await withStats(db)
    .where(
      and(
        eq(campaigns.organizationId, organizationId),
        isNull(campaigns.deletedAt),
        pattern ? or(ilike(campaigns.name, pattern), ilike(campaigns.subject, pattern)) : undefined,
      ),
    )
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows;
}

export async function findCampaignWithStats(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await withStats(db).where(
    and(
      eq(campaigns.organizationId, organizationId),
      eq(campaigns.id, id),
      isNull(campaigns.deletedAt),
    ),
  );
  return row ?? null;
}

export async function findCampaign(
  db: Db | Tx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean; includeDeleted?: boolean } = {},
) {
  const query = db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.organizationId, organizationId),
        eq(campaigns.id, id),
        options.includeDeleted ? undefined : isNull(campaigns.deletedAt),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertCampaign(
  db: Db | Tx,
  values: CampaignValues & { organizationId: string; name: string; createdBy: string | null },
) {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row!;
}

export async function updateCampaign(
  db: Db | Tx,
  organizationId: string,
  id: string,
  values: CampaignValues & { recipientCount?: number; deletedAt?: Date },
) {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteCampaign(db: Db | Tx, organizationId: string, id: string) {
  await db
    .delete(campaigns)
    .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, id)));
}

export async function listRecipients(
  db: Db | Tx,
  organizationId: string,
  campaignId: string,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(campaignRecipients.organizationId, organizationId),
    eq(campaignRecipients.campaignId, campaignId),
  );
  const rows = await db
    .select({
      recipient: campaignRecipients,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(campaignRecipients)
    .leftJoin(
      members,
      and(
        eq(members.organizationId, campaignRecipients.organizationId),
        eq(members.id, campaignRecipients.memberId),
      ),
    )
    .where(where)
    .orderBy(asc(campaignRecipients.email), asc(campaignRecipients.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(campaignRecipients)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}
