import type { PortalReceipts } from '@fitbase/domain/contracts/receipts';
import { documentNumber } from '@fitbase/domain/receipts';
import type { Db, Tx } from '../../db/client.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { notFound } from '../../lib/errors.ts';
import { receiptPdf } from './receipt-pdf.ts';
import * as queries from './receipts.queries.ts';

/**
 * Receipts and credit notes (docs/product/money-and-store.md#receipts, ADR 0039). They are
 * issued by the ledger's trigger (sql/receipts.sql) in the transaction of the payment; this
 * module only reads and renders them.
 */

export interface RenderedReceipt {
  filename: string;
  pdf: Buffer;
}

/** The PDF of a stored document, in the currency it was issued in and the studio's locale and zone. */
export async function renderReceipt(
  db: Db | Tx,
  row: queries.ReceiptRow,
  options: { compress?: boolean } = {},
): Promise<RenderedReceipt> {
  const format = { ...(await studioFormat(db, row.organizationId)), currency: row.currency };
  const pdf = await receiptPdf({
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt,
    format,
    snapshot: queries.receiptSnapshotSchema.parse(row.snapshot),
    compress: options.compress,
  });
  return { filename: `${documentNumber(row.kind, row.number)}.pdf`, pdf };
}

/**
 * Staff: the document of a payment (a paid charge's receipt, a refund's credit note). A payment
 * with none (failed, pending, a write-off, recorded before receipts existed) answers 404 like a
 * payment of another studio.
 */
export async function paymentReceiptPdf(
  scope: { organizationId: string; db: Db },
  ledgerEntryId: string,
): Promise<RenderedReceipt> {
  const row = await queries.findByLedgerEntry(scope.db, scope.organizationId, ledgerEntryId);
  if (!row) throw notFound('Receipt');
  return renderReceipt(scope.db, row);
}

/** The member portal: the member's own receipts and credit notes, newest first. */
export async function listOwnReceipts(member: {
  organizationId: string;
  memberId: string;
  db: Db;
}): Promise<PortalReceipts> {
  const rows = await queries.listMemberReceipts(
    member.db,
    member.organizationId,
    member.memberId,
    100,
  );
  return {
    receipts: rows.map((row) => {
      const snapshot = queries.receiptSnapshotSchema.parse(row.snapshot);
      return {
        id: row.id,
        kind: row.kind,
        number: documentNumber(row.kind, row.number),
        issuedAt: row.issuedAt.toISOString(),
        total: snapshot.totals.gross,
        currency: row.currency,
        description: snapshot.description,
      };
    }),
  };
}

/** The member portal: one of the member's own documents; another member's answers 404. */
export async function ownReceiptPdf(
  member: { organizationId: string; memberId: string; db: Db },
  id: string,
): Promise<RenderedReceipt> {
  const row = await queries.findMemberReceipt(
    member.db,
    member.organizationId,
    member.memberId,
    id,
  );
  if (!row) throw notFound('Receipt');
  return renderReceipt(member.db, row);
}

/**
 * Whether each payment's numbered receipt is emailed (Settings → General): other emails that
 * would repeat it (the portal purchase's confirmation) stay quiet then.
 */
export function emailsReceipts(db: Db | Tx, organizationId: string): Promise<boolean> {
  return queries.studioEmailsReceipts(db, organizationId);
}
