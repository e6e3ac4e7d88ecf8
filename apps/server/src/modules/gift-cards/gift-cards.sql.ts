import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow, rows } from '../../db/rows.ts';

// Raw read models of gift cards (docs/product/money-and-store.md#gift-cards).

/** The liability: what the studio's cards still hold. */
export async function outstandingTotal(db: Db | Tx, organizationId: string): Promise<string> {
  const row = await firstRow(
    db,
    z.object({ total: z.string() }),
    sql`select fitbase_amount_text(coalesce(sum(balance), 0)) as total
      from gift_cards where organization_id = ${organizationId}`,
  );
  return row?.total ?? '0.00';
}

/** The wrong-code counts of these rate-limit keys still inside the window (since `since`, ms). */
export async function codeAttempts(
  db: Db | Tx,
  keys: string[],
  since: number,
): Promise<Array<{ count: number }>> {
  return rows(
    db,
    z.object({ count: z.coerce.number() }),
    sql`select count from rate_limits where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) and last_request >= ${since}`,
  );
}
