import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';

/**
 * Counts one more attempt under `key` in a fixed window and answers the count so far; kept in
 * the database's rate-limit table (as better-auth's own limits) so it holds across restarts and
 * processes.
 */
export async function countAttempt(db: Db, key: string, windowMs: number, now = Date.now()) {
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
