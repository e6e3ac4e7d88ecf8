import { documentNumber, RECEIPT_KIND_TITLES } from '@fitbase/domain/receipts';
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
 * minute) claims pending documents studio by studio and queues one `receipts.email` job per
 * member and payment transaction (a plan and its sign-up fee: two receipts, one email), which
 * pg-boss retries on a transient SMTP failure.
 */

const STUDIOS_PER_ROUND = 50;
const EMAILS_PER_STUDIO = 500;

/** Queues every pending receipt email; returns how many documents. Safe in several processes. */
export async function sweepReceiptEmails(deps: Deps): Promise<number> {
  let total = 0;
  for (;;) {
    const studios = await queries.studiosWithPendingEmails(deps.database.db, STUDIOS_PER_ROUND);
    let round = 0;
    for (const { organizationId } of studios) {
      round += await runInStudio(deps.database.db, organizationId, async (tx, unit) => {
        const claimed = await queries.claimPendingEmails(tx, organizationId, EMAILS_PER_STUDIO);
        // Documents of one transaction share its clock (now() is the transaction's start).
        const groups = new Map<string, string[]>();
        for (const row of claimed) {
          const key = `${row.memberId}|${row.issuedAt.toISOString()}`;
          const ids = groups.get(key) ?? [];
          if (ids.length === 20) groups.set(`${key}|${row.id}`, [row.id]);
          else groups.set(key, [...ids, row.id]);
        }
        await enqueueJobs(
          unit,
          receiptEmailJob,
          [...groups.values()].map((receiptIds) => ({ data: { organizationId, receiptIds } })),
        );
        return claimed.length;
      });
    }
    total += round;
    // Nothing left, or what is left is being claimed by another process.
    if (round === 0) return total;
  }
}

/** The `receipts.email` job: the member's copy of one payment's documents, PDFs attached. */
export async function sendReceiptEmail(deps: Deps, job: ReceiptEmailJob): Promise<void> {
  const log = deps.logger.child({ job: 'receipts.email', receiptIds: job.receiptIds });
  const message = await runInStudio(
    deps.database.db,
    job.organizationId,
    async (tx): Promise<MailMessage | null> => {
      const rows: queries.ReceiptRow[] = [];
      for (const id of job.receiptIds) {
        const row = await queries.findReceipt(tx, job.organizationId, id);
        if (row?.memberId && row.emailStatus !== 'sent') rows.push(row);
      }
      const memberId = rows[0]?.memberId;
      if (!memberId) return null;
      const member = await queries.findRecipient(tx, job.organizationId, memberId);
      const to = member?.email?.trim();
      if (!member || !to) return null;
      const sender = await studioSender(tx, job.organizationId);
      const studio = brandedStudio(sender, deps.config.appUrl);
      const documents = await Promise.all(
        rows.map(async (row) => {
          const snapshot = queries.receiptSnapshotSchema.parse(row.snapshot);
          return {
            row,
            number: documentNumber(row.kind, row.number),
            amount: formatMoney(snapshot.totals.gross, {
              currency: row.currency,
              locale: sender.locale,
            }),
            what: snapshot.description.replace(/^Refund: /, ''),
            file: await renderReceipt(tx, row),
          };
        }),
      );
      const [first] = documents;
      if (!first) return null;
      const credit = first.row.kind === 'credit_note';
      const lines =
        documents.length === 1
          ? [
              credit
                ? `${sender.name} refunded ${first.amount} for ${first.what}. Your credit note ${first.number} is attached as a PDF.`
                : `Thank you for your payment of ${first.amount} to ${sender.name} for ${first.what}. Your receipt ${first.number} is attached as a PDF.`,
            ]
          : [
              `Thank you for your payment to ${sender.name}. Your documents are attached as PDFs:`,
              ...documents.map(
                (d) => `${RECEIPT_KIND_TITLES[d.row.kind]} ${d.number}: ${d.amount} for ${d.what}.`,
              ),
            ];
      const body = serviceEmail(studio, [
        `Hello ${member.firstName},`,
        ...lines,
        documents.length === 1
          ? 'You can also download it from your profile in the member portal.'
          : 'You can also download them from your profile in the member portal.',
      ]);
      const numbers = documents.map((d) => d.number).join(', ');
      const title = documents.length > 1 ? 'receipts' : credit ? 'credit note' : 'receipt';
      return {
        to,
        fromName: sender.name,
        subject: `Your ${title} ${numbers} — ${sender.name}`,
        ...body,
        attachments: documents.map((d) => ({
          filename: d.file.filename,
          content: d.file.pdf,
          contentType: 'application/pdf',
        })),
      };
    },
  );
  if (!message) return void log.info('Receipt email skipped: no receipt, member or email');
  await deps.mailer.send(message);
  // After the send: a crash between the two sends it again on the retry, never loses it.
  await runInStudio(deps.database.db, job.organizationId, async (tx) => {
    for (const id of job.receiptIds) await queries.markEmailed(tx, job.organizationId, id);
  });
}
