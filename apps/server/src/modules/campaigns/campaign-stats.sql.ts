import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow, rows } from '../../db/rows.ts';
import { campaignRecipients, campaigns, emailEvents } from '../../db/schema/connect.ts';

/** The campaigns' read models: the cards' figures and a campaign's series. */

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
