import type { Deps } from '../../http/types.ts';
import type { JobRunner } from '../../jobs/job-queue.ts';
import { startNotifiedSweep, type NotifiedSweep } from '../../jobs/notified-sweep.ts';
import { sweepReceiptEmails } from './receipts-mail.ts';

/** The NOTIFY channel of the receipt trigger (sql/receipts.sql, migration 0057). */
export const RECEIPTS_CHANNEL = 'fitbase_receipts';

/**
 * One per server process: a payment whose receipt is to be emailed is swept at its commit's
 * NOTIFY and this process's email worker is woken, so the member has it in seconds (the portal
 * says "We sent your receipt by email" right away); the minute's `receipts.email-sweep` stays the
 * guarantee for whatever no process heard.
 */
export function startReceiptEmailer(
  deps: Deps,
  jobs: Pick<JobRunner, 'wake'>,
): Promise<NotifiedSweep> {
  return startNotifiedSweep(
    deps,
    RECEIPTS_CHANNEL,
    async () => {
      if ((await sweepReceiptEmails(deps)) > 0) jobs.wake('receipts.email');
    },
    'Receipt email sweep failed',
  );
}
