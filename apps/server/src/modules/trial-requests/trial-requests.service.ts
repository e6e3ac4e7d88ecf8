import type { trialRequestSchema } from '@fitbase/domain/contracts/trial-requests';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { insertTrialRequest } from './trial-requests.queries.ts';

/**
 * Stored for platform owners and admins to read in the owner portal
 * (docs/product/marketing.md#trial-request).
 */
export async function submitTrialRequest(
  db: Db,
  log: Logger,
  input: z.output<typeof trialRequestSchema>,
) {
  const row = await insertTrialRequest(db, input);
  log.info({ trialRequestId: row.id, businessType: input.businessType }, 'Trial request received');
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
