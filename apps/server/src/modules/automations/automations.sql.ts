import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';

/** GET requests on PostgreSQL run in read-only transactions (context/studio-fast-path.ts). */
export async function isReadOnly(db: Db | Tx): Promise<boolean> {
  const row = await firstRow(
    db,
    z.object({ ro: z.string() }),
    sql`select current_setting('transaction_read_only') as ro`,
  );
  return row?.ro === 'on';
}
