import type { MembershipInvoiceInput } from '@fitbase/domain/contracts/receipts';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';

/** The PDF's file name from Content-Disposition ("INV-000001.pdf"). */
function fileName(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'invoice.pdf';
}

/**
 * Issues a numbered invoice for a membership to a company (docs/product/money-and-store.md
 * #receipts) and hands the browser its PDF. Each call is a new invoice with the next number.
 */
export async function issueMembershipInvoice(
  membershipId: string,
  body: MembershipInvoiceInput,
): Promise<{ fileName: string; pdf: Blob }> {
  const result = await apiClient.POST('/api/memberships/{id}/invoice', {
    params: { path: { id: membershipId } },
    body,
    parseAs: 'blob',
  });
  return { fileName: fileName(result.response), pdf: unwrap(result) as Blob };
}

function download({ fileName: name, pdf }: { fileName: string; pdf: Blob }) {
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function useIssueMembershipInvoice() {
  return useMutation({
    mutationFn: ({ membershipId, body }: { membershipId: string; body: MembershipInvoiceInput }) =>
      issueMembershipInvoice(membershipId, body),
    onSuccess: download,
  });
}
