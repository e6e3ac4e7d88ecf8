import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { instant } from './revenue.sql.ts';

/**
 * The Gift cards report's SQL (docs/product/reports-and-analytics.md#gift-cards, ADR 0040): a
 * card's balance at an instant is the sum of its movements before it, so the liability at the
 * end of any period is read from the movements alone, as are what was sold, redeemed, put
 * back and refunded to the buyer during it. One row per card that held money at the end or moved during the period.
 */

const cardRow = z.object({
  card: z.string(),
  sold_on: z.string(),
  recipient: z.string(),
  sold: z.string(),
  redeemed: z.string(),
  refunded: z.string(),
  returned: z.string(),
  balance: z.string(),
});
export type GiftCardReportRow = z.infer<typeof cardRow>;

export async function giftCardsInPeriod(
  db: Db | Tx,
  q: { organizationId: string; start: Date; end: Date; previousEnd: Date },
): Promise<{ rows: GiftCardReportRow[]; previousLiability: string }> {
  const inPeriod = sql`m.created_at >= ${instant(q.start)} and m.created_at < ${instant(q.end)}`;
  const found = await rows(
    db,
    cardRow,
    sql`select '•••• ' || c.code_last_four as card,
        to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as sold_on,
        c.recipient_email as recipient,
        fitbase_amount_text(coalesce(sum(m.amount) filter (where m.kind = 'issue' and ${inPeriod}), 0)) as sold,
        fitbase_amount_text(coalesce(-sum(m.amount) filter (where m.kind = 'redeem' and ${inPeriod}), 0)) as redeemed,
        fitbase_amount_text(coalesce(sum(m.amount) filter (where m.kind = 'refund' and ${inPeriod}), 0)) as refunded,
        fitbase_amount_text(coalesce(-sum(m.amount) filter (where m.kind = 'refund_to_buyer' and ${inPeriod}), 0)) as returned,
        fitbase_amount_text(coalesce(sum(m.amount) filter (where m.created_at < ${instant(q.end)}), 0)) as balance
      from gift_cards c
      join gift_card_movements m on m.organization_id = c.organization_id and m.gift_card_id = c.id
      where c.organization_id = ${q.organizationId} and m.created_at < ${instant(q.end)}
      group by c.id, c.code_last_four, c.created_at, c.recipient_email
      having coalesce(sum(m.amount) filter (where m.created_at < ${instant(q.end)}), 0) <> 0
        or count(*) filter (where ${inPeriod}) > 0
      order by c.created_at desc, c.id`,
  );
  const [previous] = await rows(
    db,
    z.object({ liability: z.string() }),
    sql`select fitbase_amount_text(coalesce(sum(m.amount), 0)) as liability
      from gift_card_movements m
      where m.organization_id = ${q.organizationId} and m.created_at < ${instant(q.previousEnd)}`,
  );
  return { rows: found, previousLiability: previous?.liability ?? '0.00' };
}
