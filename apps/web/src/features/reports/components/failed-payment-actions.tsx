import type { ReportRow } from '@fitbase/domain/contracts/reports';
import { useState } from 'react';
import { toast } from 'sonner';
import { useMoney } from '@/hooks/use-studio-format';
import { Button } from '@/components/ui/button';
import { WriteOffDialog } from '@/components/write-off-dialog';
import { ApiError } from '@/lib/api/api-error';
import { reportError } from '@/lib/report-error';
import { useRetryPayment } from '../api/retry-payment';
import { useWriteOffPayment } from '../api/write-off-payment';

/**
 * Failed payments: Retry and Write Off for a due still owed. The server names the due's
 * latest attempt (openEntryId), which is what both endpoints take; settled dues have none.
 */
export function useFailedPaymentActions() {
  const retry = useRetryPayment();
  const writeOff = useWriteOffPayment();
  const [writingOff, setWritingOff] = useState<ReportRow | null>(null);
  const money = useMoney();

  const onRetry = (row: ReportRow) => {
    const id = row.openEntryId;
    if (typeof id !== 'string') return;
    retry.mutate(id, {
      onSuccess: () => toast.success('Payment collected', { description: String(row.item ?? '') }),
      onError: (error) =>
        reportError(error, {
          title:
            error instanceof ApiError &&
            (error.code === 'card_declined' || error.code === 'insufficient_funds')
              ? 'Payment declined'
              : 'Failed to retry payment',
          fallback: 'Please try again',
        }),
    });
  };

  const rowActions = (row: ReportRow) =>
    typeof row.openEntryId === 'string' ? (
      <div className="flex gap-2">
        <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => onRetry(row)}>
          Retry
        </Button>
        <Button size="sm" variant="outline" onClick={() => setWritingOff(row)}>
          Write Off
        </Button>
      </div>
    ) : null;

  const dialog = (
    <WriteOffDialog
      target={
        writingOff
          ? {
              summary: `${String(writingOff.item ?? '')} (${money(String(writingOff.amount ?? '0'))}) for ${String(writingOff.member ?? '')}`,
              item: String(writingOff.item ?? ''),
            }
          : null
      }
      onOpenChange={(open) => !open && setWritingOff(null)}
      onWriteOff={(reason) =>
        writeOff.mutateAsync({ entryId: String(writingOff?.openEntryId), reason })
      }
      pending={writeOff.isPending}
      idPrefix="report-write-off"
    />
  );
  return { rowActions, dialog };
}
