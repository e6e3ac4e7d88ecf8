import type { trialRequestSchema } from '@fitbase/domain/contracts/trial-requests';
import type { z } from 'zod';
import { runInUnit } from '../../context/run-in-studio.ts';
import type { PublicScope } from '../../http/types.ts';
import { notifyPlatformAdmins } from '../notifications/notifications.service.ts';
import { insertTrialRequest } from './trial-requests.queries.ts';

/**
 * Stored for platform owners and admins to read in the owner portal
 * (docs/product/marketing.md#trial-request).
 */
export async function submitTrialRequest(
  scope: Pick<PublicScope, 'db' | 'log'>,
  input: z.output<typeof trialRequestSchema>,
) {
  const { db, log } = scope;
  // The row and the platform admins' notifications commit together.
  const row = await runInUnit(db, async (tx, unit) => {
    const inserted = await insertTrialRequest(tx, input);
    await notifyPlatformAdmins(tx, unit, {
      title: `New trial request: ${input.businessName}`,
      body: `${input.contactName} (${input.email}) asked for a free trial.`,
      link: '/owner-portal?tab=trials',
    });
    return inserted;
  });
  log.info({ trialRequestId: row.id, businessType: input.businessType }, 'Trial request received');
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
