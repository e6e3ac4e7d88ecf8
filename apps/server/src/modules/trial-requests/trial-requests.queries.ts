import type { Db, Tx } from '../../db/client.ts';
import { trialRequests } from '../../db/schema/platform.ts';

export async function insertTrialRequest(db: Db | Tx, values: typeof trialRequests.$inferInsert) {
  const [row] = await db
    .insert(trialRequests)
    .values(values)
    .returning({ id: trialRequests.id, createdAt: trialRequests.createdAt });
  if (!row) throw new Error('insert trial_requests returned no row');
  return row;
}
