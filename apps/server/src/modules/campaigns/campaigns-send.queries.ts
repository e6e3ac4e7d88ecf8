import { z } from 'zod';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow, rows } from '../../db/rows.ts';
import { campaignRecipients, campaigns } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';

/**
 * Fixes the recipients when sending starts: every member of the audience (or every member)
 * with marketing consent who has not unsubscribed, one queued row each.
 */
export async function insertRecipients(
  db: Db | Tx,
  organizationId: string,
  campaignId: string,
  audienceMemberIds: SQL | null,
): Promise<number> {
  await db.execute(sql`
    insert into ${campaignRecipients} (organization_id, campaign_id, member_id, email)
    select ${organizationId}, ${campaignId}, m.id, m.email
    from ${members} m
    where m.organization_id = ${organizationId}
      and m.marketing_consent and m.unsubscribed_at is null
      and btrim(m.email) <> ''
      ${audienceMemberIds ? sql`and m.id in (${audienceMemberIds})` : sql``}
    on conflict do nothing`);
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.organizationId, organizationId),
        eq(campaignRecipients.campaignId, campaignId),
      ),
    );
  return row?.count ?? 0;
}

export interface ClaimedRecipient {
  id: string;
  memberId: string | null;
  email: string;
  attempts: number;
}

/**
 * Claims up to `limit` queued recipients and marks them sent in the same statement: a row is
 * taken by one worker only (SKIP LOCKED), and once claimed it is never claimed again, so a
 * restart or a second process never sends anyone twice. A recipient put back after a transient
 * failure waits 2^attempts seconds (its `sent_at` then holds the failed attempt's time).
 */
export async function claimRecipients(
  db: Db | Tx,
  organizationId: string,
  campaignId: string,
  limit: number,
  /** The sender's time; default the database's clock (a past day's: the demo's history). */
  at?: Date,
): Promise<ClaimedRecipient[]> {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  // A MATERIALIZED CTE runs the locking subquery once. As `where r.id in (select ... limit n
  // for update skip locked)` the planner may pick a nested loop that rescans it for every
  // row: each rescan skips the rows this statement already updated and returns the next n, so
  // one claim took all 20,000 recipients of bench:campaign's second campaign (no pacing).
  const claimed = await rows(
    db,
    z.object({
      id: z.string(),
      member_id: z.string().nullable(),
      email: z.string(),
      attempts: z.number(),
    }),
    sql`
    with claim as materialized (
      select id from ${campaignRecipients}
      where organization_id = ${organizationId} and campaign_id = ${campaignId}
        and status = 'queued'
        and (attempts = 0 or sent_at <= ${now} - make_interval(secs => power(2, attempts)))
      order by id
      limit ${limit}
      for update skip locked
    )
    update ${campaignRecipients} r
    set status = 'sent', sent_at = ${now}, attempts = r.attempts + 1, last_error = null
    from claim
    where r.id = claim.id and r.organization_id = ${organizationId}
    returning r.id, r.member_id, r.email, r.attempts`,
  );
  return claimed.map((row) => ({
    id: row.id,
    memberId: row.member_id,
    email: row.email,
    attempts: row.attempts,
  }));
}

/** Seconds until the next queued recipient may be tried, or null when none is queued. */
export async function nextQueuedInSeconds(
  db: Db | Tx,
  organizationId: string,
  campaignId: string,
): Promise<number | null> {
  const row = await firstRow(
    db,
    z.object({ wait: z.union([z.string(), z.number(), z.null()]) }),
    sql`
    select min(case when attempts = 0 then 0
      else greatest(0, extract(epoch from (sent_at + make_interval(secs => power(2, attempts)) - now())))
      end) as wait
    from ${campaignRecipients}
    where organization_id = ${organizationId} and campaign_id = ${campaignId}
      and status = 'queued'`,
  );
  const wait = row?.wait;
  return wait == null ? null : Number(wait);
}

/** After a failed SMTP attempt: back to the queue (transient) or failed for good. */
export async function markAttemptFailed(
  db: Db | Tx,
  organizationId: string,
  recipientId: string,
  outcome: 'queued' | 'failed',
  error: string,
) {
  await db
    .update(campaignRecipients)
    .set({ status: outcome, lastError: error.slice(0, 500) })
    .where(
      and(
        eq(campaignRecipients.organizationId, organizationId),
        eq(campaignRecipients.id, recipientId),
      ),
    );
}

export async function membersForMail(db: Db | Tx, organizationId: string, memberIds: string[]) {
  if (memberIds.length === 0) return [];
  return db
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), inArray(members.id, memberIds)));
}

/** Active → sent once nothing is queued; conditional, so two workers finishing agree. */
export async function finishCampaign(
  db: Db | Tx,
  organizationId: string,
  campaignId: string,
  /** Default: the database's clock. */
  at?: Date,
) {
  const [row] = await db
    .update(campaigns)
    .set({ status: 'sent', sentAt: at ?? sql`now()`, updatedAt: at ?? new Date() })
    .where(
      and(
        eq(campaigns.organizationId, organizationId),
        eq(campaigns.id, campaignId),
        eq(campaigns.status, 'active'),
        sql`not exists (select 1 from ${campaignRecipients} r where r.organization_id = ${organizationId} and r.campaign_id = ${campaignId} and r.status = 'queued')`,
      ),
    )
    .returning({ id: campaigns.id });
  return row ?? null;
}
