import type { LedgerEntry } from '@fitbase/domain/contracts/payments';
import { FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Where a payment's numbered document downloads (a receipt, or a refund's credit note). */
export function receiptHref(entryId: string): string {
  return `/api/payments/${entryId}/receipt`;
}

/**
 * The "Receipt" action of a payments row (docs/product/money-and-store.md#receipts): the PDF of
 * a paid charge's receipt, or "Credit note" on a refund. Rows without a document show nothing.
 */
export function ReceiptDownload({ entry }: { entry: LedgerEntry }) {
  if (!entry.receiptNumber) return null;
  const label = entry.kind === 'refund' ? 'Credit note' : 'Receipt';
  return (
    <Button asChild variant="outline" size="sm">
      <a href={receiptHref(entry.id)} download aria-label={`${label} ${entry.receiptNumber} (PDF)`}>
        <FileDown className="size-4" aria-hidden />
        {label}
      </a>
    </Button>
  );
}
