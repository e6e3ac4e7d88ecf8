import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow, rows } from '../../db/rows.ts';
import { campaignRecipients, campaigns, emailEvents } from '../../db/schema/connect.ts';
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

/**
 * The cards. A campaign's open rate is its recipients with a human open over its recipients
 * sent; deleted campaigns still count (their figures are history, not list entries).
 */
export async function campaignSummary(db: Db | Tx, organizationId: string) {
  const row = await firstRow(
    db,
    z.object({
      active: z.coerce.number(),
      average_open_rate: z.coerce.number().nullable(),
      total_reach: z.coerce.number(),
    }),
    sql`
    select
      count(*) filter (where status = 'active' and deleted_at is null) as active,
      avg(opened_count::numeric * 100 / sent_count)
        filter (where status = 'sent' and sent_count > 0) as average_open_rate,
      coalesce(sum(recipient_count) filter (where status = 'sent'), 0) as total_reach
    from ${campaigns}
    where organization_id = ${organizationId}`,
  );
  // An aggregate without group by always answers one row.
  return {
    active: row?.active ?? 0,
    averageOpenRate: row?.average_open_rate ?? null,
    totalReach: row?.total_reach ?? 0,
  };
}

/** Deliveries and events per bucket (`hour` or `day` in the studio's zone). */
export async function campaignSeries(
  db: Db | Tx,
  organizationId: string,
  campaignId: string,
  unit: 'hour' | 'day',
  timeZone: string,
) {
  const bucket = (column: unknown) =>
    sql`date_trunc(${unit}, ${column} at time zone ${timeZone}) at time zone ${timeZone}`;
  const series = await rows(
    db,
    z.object({
      at: z.union([z.string(), z.date()]).transform((v) => new Date(v)),
      deliveries: z.coerce.number(),
      opens: z.coerce.number(),
      clicks: z.coerce.number(),
      unsubscribes: z.coerce.number(),
    }),
    sql`
    select at, sum(deliveries) as deliveries, sum(opens) as opens, sum(clicks) as clicks,
      sum(unsubscribes) as unsubscribes
    from (
      select ${bucket(sql`r.sent_at`)} as at, 1 as deliveries, 0 as opens, 0 as clicks, 0 as unsubscribes
      from ${campaignRecipients} r
      where r.organization_id = ${organizationId} and r.campaign_id = ${campaignId}
        and r.status = 'sent'
      union all
      select ${bucket(sql`e.occurred_at`)}, 0,
        (e.kind = 'open')::int, (e.kind = 'click')::int, (e.kind = 'unsubscribe')::int
      from ${emailEvents} e
      where e.organization_id = ${organizationId} and e.campaign_id = ${campaignId}
        and e.kind in ('open', 'click', 'unsubscribe')
    ) events
    group by at
    order by at`,
  );
  return series;
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
