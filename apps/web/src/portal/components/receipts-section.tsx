import { formatDateTime, formatMoney } from '@fitbase/domain/studio-format';
import { useMe } from '../api/get-me';
import { receiptPdfUrl, useReceipts } from '../api/receipts';
import { usePortalMoney } from '../hooks/use-portal-money';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { Section } from './portal-section';

/**
 * Profile's `Receipts`: every payment's numbered receipt and every refund's credit note, newest
 * first, each a PDF (docs/product/member-portal.md#receipts). Hidden until the member has one.
 */
export function ReceiptsSection() {
  const slug = usePortalSlug();
  const { locale } = usePortalMoney();
  const timeZone = useMe().data?.studio.timeZone ?? 'UTC';
  const receipts = useReceipts();
  const list = receipts.data?.receipts ?? [];
  if (!receipts.isError && list.length === 0) return null;
  return (
    <Section title="Receipts">
      {receipts.isError ? (
        <p className="text-sm text-destructive">Your receipts could not be loaded.</p>
      ) : (
        <ul className="space-y-2">
          {list.map((r) => {
            const title = r.kind === 'credit_note' ? 'Credit note' : 'Receipt';
            return (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
              >
                <span>
                  <span className="font-medium">
                    {title} {r.number}
                  </span>
                  : {r.description}, {formatMoney(r.total, { currency: r.currency, locale })} on{' '}
                  {formatDateTime(r.issuedAt, { locale, timeZone })}
                </span>
                <a
                  href={receiptPdfUrl(slug, r.id)}
                  download
                  aria-label={`Download PDF of ${r.number}`}
                  className="font-medium underline"
                >
                  Download PDF
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
