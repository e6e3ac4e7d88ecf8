import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/**
 * An order's paid charges with what is left to refund of each, a gift card's first (ADR 0040):
 * an order paid partly by a gift card gives back onto the card first, so a card's value never
 * turns into cash or a card refund ahead of what it paid.
 */
export async function orderChargesToRefund(
  tx: Db | Tx,
  organizationId: string,
  orderId: string,
): Promise<Array<{ id: string; left: string }>> {
  return rows(
    tx,
    z.object({ id: z.string(), left: z.string() }),
    sql`
    select c.id, (c.amount + coalesce((select sum(r.amount) from ledger_entries r
        where r.organization_id = c.organization_id and r.corrects_id = c.id
          and r.kind = 'refund'), 0))::text as left
    from ledger_entries c
    where c.organization_id = ${organizationId} and c.order_id = ${orderId}
      and c.kind = 'charge' and c.status in ('paid', 'refunded')
    order by (c.method = 'gift_card') desc, c.occurred_at, c.id`,
  );
}
