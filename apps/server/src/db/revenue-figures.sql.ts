import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from './client.ts';
import { isSale } from './ledger-sale.ts';
import { firstRow } from './rows.ts';

/**
 * Monthly Revenue (docs/product/money-and-store.md#revenue) as ONE scalar expression, so the
 * dashboards and the payments summary get it in the statement that carries their other figures
 * instead of three round trips (the spans, this month, last month's same span). The same
 * figures as payments.queries.ts's revenueSpans and revenueBetween, which it replaces on those
 * paths: the month is the calendar month of `now` in organizations.timezone; last month's span
 * is as many days from its start, capped at its end; `previousMonthToDate` is null when the
 * studio did not exist yet when that span began. A json object; null without the organization.
 */
export function revenueFiguresSql(organizationId: string, now: Date): SQL {
  const sum = (from: string, to: string) => sql`(
      select fitbase_amount_text(coalesce(sum(l.amount), 0)) from ledger_entries l
      where l.organization_id = ${organizationId} and ${isSale('l')}
        and l.occurred_at >= (select ${sql.raw(from)} from spans)
        and l.occurred_at < (select ${sql.raw(to)} from spans))`;
  // The bounds are read by scalar subqueries so they bound the ledger's index scan (joined
  // in, row-level security's non-leakproof checks would keep them out of it).
  return sql`(
    with local as (
      select o.timezone, o.created_at, (${now.toISOString()}::timestamptz at time zone o.timezone) as now_local
      from organizations o where o.id = ${organizationId}
    ), spans as (
      select timezone, created_at, to_char(now_local, 'YYYY-MM') as month,
        date_trunc('month', now_local) at time zone timezone as current_start,
        (date_trunc('month', now_local) + interval '1 month') at time zone timezone as current_end,
        (date_trunc('month', now_local) - interval '1 month') at time zone timezone as previous_start,
        least(date_trunc('month', now_local) - interval '1 month' + (now_local - date_trunc('month', now_local)),
              date_trunc('month', now_local)) at time zone timezone as previous_end
      from local
    )
    select json_build_object(
      'monthlyRevenue', ${sum('current_start', 'current_end')},
      'previousMonthToDate', case when date_trunc('milliseconds', created_at) <= date_trunc('milliseconds', previous_start)
        then ${sum('previous_start', 'previous_end')} end,
      'month', month,
      'timeZone', timezone)
    from spans)`;
}

export const revenueFiguresSchema = z.object({
  monthlyRevenue: z.string(),
  previousMonthToDate: z.string().nullable(),
  month: z.string(),
  timeZone: z.string(),
});

/** The figures alone (the payments summary): null without the organization. */
export async function revenueFigures(db: Db | Tx, organizationId: string, now: Date) {
  const row = await firstRow(
    db,
    z.object({ figures: revenueFiguresSchema.nullable() }),
    sql`select ${revenueFiguresSql(organizationId, now)} as figures`,
  );
  return row?.figures ?? null;
}
