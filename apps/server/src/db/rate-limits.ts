import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from './client.ts';
import { firstRow } from './rows.ts';

/**
 * One more attempt under `key` in a fixed window, answering the count so far, in the
 * `rate_limits` table better-auth keeps its own per-address limits in: the limit holds across
 * restarts and processes. Our keys carry their own prefix. One upsert, so concurrent attempts
 * count exactly. Used by the portal's sign-in and join, and the kiosk's pairing.
 */
export async function countAttempt(db: Db | Tx, key: string, windowMs: number, now = Date.now()) {
  const row = await firstRow(
    db,
    z.object({ count: z.number() }),
    sql`insert into rate_limits (id, key, count, last_request)
      values (gen_random_uuid()::text, ${key}, 1, ${now})
      on conflict (key) do update set
        count = case when rate_limits.last_request < ${now - windowMs} then 1
          else rate_limits.count + 1 end,
        last_request = case when rate_limits.last_request < ${now - windowMs} then ${now}
          else rate_limits.last_request end
      returning count`,
  );
  return row?.count ?? 1;
}
