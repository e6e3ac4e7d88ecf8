import type { Db } from '../../db/client.ts';
import { trialRequests } from '../../db/schema/platform.ts';

export async function insertTrialRequest(db: Db, values: typeof trialRequests.$inferInsert) {
  const [row] = await db
    .insert(trialRequests)
    .values(values)
    .returning({ id: trialRequests.id, createdAt: trialRequests.createdAt });
  if (!row) throw new Error('insert trial_requests returned no row');
  return row;
}
