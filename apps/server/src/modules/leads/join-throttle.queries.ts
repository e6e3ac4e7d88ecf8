import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/auth.ts';

/**
 * One more hit on a fixed-window counter in `rate_limits`, the table better-auth keeps its
 * per-address limits in: in the database, so the limit holds across restarts and processes.
 * Our keys carry their own prefix; for them `last_request` is the start of the current window.
 * One upsert, so concurrent hits count exactly.
 */
export async function hitCounter(
  db: Db | Tx,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; windowStartedAt: number }> {
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.lastRequest });
  if (!row) throw new Error('rate_limits upsert returned no row');
  return { count: row.count, windowStartedAt: Number(row.windowStartedAt) };
}
