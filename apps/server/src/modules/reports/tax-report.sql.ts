import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { isSale } from '../../db/ledger-sale.ts';
import { rows } from '../../db/rows.ts';
import { instant } from './revenue.sql.ts';

/**
 * The Tax report's SQL (docs/product/reports-and-analytics.md#tax): the tax lines each sale
 * stored when it was made (ledger_entries.tax_lines), summed per rate over the sales of the
 * period, the Sales report's rows (fitbase_is_sale, by the instant they were paid or refunded),
 * so refunds made in the period give their tax back in it. Only taxed rows are read: the
 * partial index ledger_entries_org_taxed_idx holds them alone, so an untaxed studio reads none.
 */

export interface InstantSpan {
  start: Date;
  end: Date;
}

const rateRow = z.object({
  is_current: z.boolean(),
  rate_id: z.string(),
  name: z.string(),
  rate: z.string(),
  inclusive: z.boolean(),
  payments: z.number(),
  net: z.string(),
  tax: z.string(),
  gross: z.string(),
});
export type TaxRateRow = z.infer<typeof rateRow>;

/**
 * Per rate as sold (a rate renamed or changed since is its own row: each sale keeps the rate
 * it was charged), for the current and the previous period in one read.
 */
export async function taxByRate(
  db: Db | Tx,
  q: { organizationId: string; current: InstantSpan; previous: InstantSpan },
): Promise<TaxRateRow[]> {
  const inSpan = (s: InstantSpan) =>
    sql`(le.occurred_at >= ${instant(s.start)} and le.occurred_at < ${instant(s.end)})`;
  return rows(
    db,
    rateRow,
    sql`select ${inSpan(q.current)} as is_current, t.v->>'rateId' as rate_id,
        t.v->>'name' as name, t.v->>'rate' as rate, (t.v->>'inclusive')::boolean as inclusive,
        count(distinct le.id)::int as payments,
        fitbase_amount_text(sum((t.v->>'net')::numeric)) as net,
        fitbase_amount_text(sum((t.v->>'tax')::numeric)) as tax,
        fitbase_amount_text(sum((t.v->>'gross')::numeric)) as gross
      from ledger_entries le
      cross join lateral jsonb_array_elements(le.tax_lines) as t(v)
      where le.organization_id = ${q.organizationId} and le.tax_lines is not null
        and ${isSale('le')} and (${inSpan(q.current)} or ${inSpan(q.previous)})
      group by 1, 2, 3, 4, 5
      order by 1, sum((t.v->>'tax')::numeric) desc, 3`,
  );
}
