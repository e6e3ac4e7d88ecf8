import { documentNumber } from '@fitbase/domain/receipts';
import { formatMoney } from '@fitbase/domain/studio-format';
import { runInStudio } from '../../context/run-in-studio.ts';
import { studioSender } from '../../context/studio-sender.ts';
import type { Deps } from '../../http/types.ts';
import { enqueueJobs } from '../../jobs/job-queue.ts';
import { brandedStudio, serviceEmail } from '../../lib/email-content.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { receiptEmailJob, type ReceiptEmailJob } from './receipts.jobs.ts';
import * as queries from './receipts.queries.ts';
import { renderReceipt } from './receipts.service.ts';

/**
 * Receipt emails through an outbox: the ledger trigger marks a document 'pending' in the
 * payment's own transaction (when the studio emails receipts and the member has an address), so
 * an email exists exactly when its payment committed. The `receipts.email-sweep` job (every
 * minute) claims pending documents studio by studio and queues one `receipts.email` job each,
 * which pg-boss retries on a transient SMTP failure.
 */

const STUDIOS_PER_ROUND = 50;
const EMAILS_PER_STUDIO = 500;

/** Queues every pending receipt email; returns how many. Safe in several processes at once. */
export async function sweepReceiptEmails(deps: Deps): Promise<number> {
  let total = 0;
  for (;;) {
    const studios = await queries.studiosWithPendingEmails(deps.database.db, STUDIOS_PER_ROUND);
    let round = 0;
    for (const { organizationId } of studios) {
      round += await runInStudio(deps.database.db, organizationId, async (tx, unit) => {
        const claimed = await queries.claimPendingEmails(tx, organizationId, EMAILS_PER_STUDIO);
        await enqueueJobs(
          unit,
          receiptEmailJob,
          claimed.map(({ id }) => ({ data: { organizationId, receiptId: id } })),
        );
        return claimed.length;
      });
    }
    total += round;
    // Nothing left, or what is left is being claimed by another process.
    if (round === 0) return total;
  }
}

/** The `receipts.email` job: the member's copy of one receipt or credit note, PDF attached. */
export async function sendReceiptEmail(deps: Deps, job: ReceiptEmailJob): Promise<void> {
  const log = deps.logger.child({ job: 'receipts.email', receiptId: job.receiptId });
  const message = await runInStudio(
    deps.database.db,
    job.organizationId,
    async (tx): Promise<MailMessage | null> => {
      const row = await queries.findReceipt(tx, job.organizationId, job.receiptId);
      if (!row?.memberId || row.emailStatus === 'sent') return null;
      const member = await queries.findRecipient(tx, job.organizationId, row.memberId);
      if (!member?.email.trim()) return null;
      const sender = await studioSender(tx, job.organizationId);
      const studio = brandedStudio(sender, deps.config.appUrl);
      const { filename, pdf } = await renderReceipt(tx, row);
      const snapshot = queries.receiptSnapshotSchema.parse(row.snapshot);
      const number = documentNumber(row.kind, row.number);
      const amount = formatMoney(snapshot.totals.gross, {
        currency: row.currency,
        locale: sender.locale,
      });
      const credit = row.kind === 'credit_note';
      const body = serviceEmail(studio, [
        `Hello ${member.firstName},`,
        credit
          ? `${sender.name} refunded ${amount} for ${snapshot.description.replace(/^Refund: /, '')}. Your credit note ${number} is attached as a PDF.`
          : `Thank you for your payment of ${amount} to ${sender.name} for ${snapshot.description}. Your receipt ${number} is attached as a PDF.`,
        'You can also download it from your profile in the member portal.',
      ]);
      return {
        to: member.email,
        fromName: sender.name,
        subject: credit
          ? `Your credit note ${number} — ${sender.name}`
          : `Your receipt ${number} — ${sender.name}`,
        ...body,
        attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
      };
    },
  );
  if (!message) return void log.info('Receipt email skipped: no receipt, member or email');
  await deps.mailer.send(message);
  // After the send: a crash between the two sends it again on the retry, never loses it.
  await runInStudio(deps.database.db, job.organizationId, (tx) =>
    queries.markEmailed(tx, job.organizationId, job.receiptId),
  );
}
