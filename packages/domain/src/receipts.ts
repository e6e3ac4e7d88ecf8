/**
 * Numbered receipts, credit notes and invoices (docs/product/money-and-store.md#receipts,
 * ADR 0039). The number is a gap-free integer per studio and kind; what people read is it with
 * the kind's prefix, zero-padded so a list sorts: R-000042, CN-000003, INV-000007.
 */
export const RECEIPT_DOCUMENT_KINDS = ['receipt', 'credit_note', 'invoice'] as const;
export type ReceiptDocumentKind = (typeof RECEIPT_DOCUMENT_KINDS)[number];

const PREFIX: Record<ReceiptDocumentKind, string> = {
  receipt: 'R',
  credit_note: 'CN',
  invoice: 'INV',
};

export const RECEIPT_KIND_TITLES: Record<ReceiptDocumentKind, string> = {
  receipt: 'Receipt',
  credit_note: 'Credit note',
  invoice: 'Invoice',
};

export function documentNumber(kind: ReceiptDocumentKind, number: number): string {
  return `${PREFIX[kind]}-${String(number).padStart(6, '0')}`;
}
