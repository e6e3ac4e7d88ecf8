import type { PortalReceipts } from '@fitbase/domain/contracts/receipts';
import { useQuery } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch, portalUrl } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** The member's receipts and credit notes (docs/product/member-portal.md#receipts). */
export function useReceipts() {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: [...portalKeys.all(slug), 'receipts'] as const,
    queryFn: ({ signal }) => portalFetch<PortalReceipts>(slug, '/receipts', { signal }),
  });
}

/** A plain link's address: the browser downloads the PDF with the member's cookie. */
export function receiptPdfUrl(slug: string, receiptId: string): string {
  return portalUrl(slug, `/receipts/${encodeURIComponent(receiptId)}/pdf`);
}
