import { writeOffSchema } from '@fitbase/domain/contracts/payments';
import type { ReportRow } from '@fitbase/domain/contracts/reports';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Form } from '@/components/form/form';
import { TextareaField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatMoney } from '@/components/chart/format-value';
import { ApiError } from '@/lib/api/api-error';
import { applyServerErrors, failureMessage } from '@/lib/form-errors';
import { useRetryPayment } from '../api/retry-payment';
import { useWriteOffPayment } from '../api/write-off-payment';

/**
 * Failed payments: Retry and Write Off for a due still owed. The server names the due's
 * latest attempt (openEntryId), which is what both endpoints take; settled dues have none.
 */
export function useFailedPaymentActions(organizationId: string) {
  const retry = useRetryPayment(organizationId);
  const writeOff = useWriteOffPayment(organizationId);
  const [writingOff, setWritingOff] = useState<ReportRow | null>(null);

  const onRetry = (row: ReportRow) => {
    const id = row.openEntryId;
    if (typeof id !== 'string') return;
    retry.mutate(id, {
      onSuccess: () => toast.success('Payment collected', { description: String(row.item ?? '') }),
      onError: (error) =>
        toast.error(
          error instanceof ApiError &&
            (error.code === 'card_declined' || error.code === 'insufficient_funds')
            ? 'Payment declined'
            : 'Failed to retry payment',
          { description: failureMessage(error, 'Please try again') },
        ),
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
      row={writingOff}
      onOpenChange={(open) => !open && setWritingOff(null)}
      writeOff={writeOff}
    />
  );
  return { rowActions, dialog };
}

type WriteOffValues = z.input<typeof writeOffSchema>;

function WriteOffDialog({
  row,
  onOpenChange,
  writeOff,
}: {
  row: ReportRow | null;
  onOpenChange: (open: boolean) => void;
  writeOff: ReturnType<typeof useWriteOffPayment>;
}) {
  return (
    <Dialog open={row !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Write Off Payment</DialogTitle>
          <DialogDescription>
            {row
              ? `${String(row.item ?? '')} (${formatMoney(String(row.amount ?? '0'))}) for ${String(row.member ?? '')} will no longer be owed.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {row ? (
          <WriteOffForm row={row} writeOff={writeOff} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function WriteOffForm({
  row,
  writeOff,
  onDone,
}: {
  row: ReportRow;
  writeOff: ReturnType<typeof useWriteOffPayment>;
  onDone: () => void;
}) {
  const form = useForm<WriteOffValues>({
    resolver: zodResolver(writeOffSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = async ({ reason }: WriteOffValues) => {
    try {
      await writeOff.mutateAsync({ entryId: String(row.openEntryId), reason });
      toast.success('Payment written off', { description: String(row.item ?? '') });
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
      toast.error('Failed to write off payment', {
        description: failureMessage(error, 'Please try again'),
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="report-write-off"
      schema={writeOffSchema}
      className="space-y-4"
      aria-label="Write Off Payment"
    >
      <TextareaField control={form.control} name="reason" label="Reason*" rows={2} required />
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onDone} disabled={writeOff.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={writeOff.isPending}>
          Write Off
        </Button>
      </DialogFooter>
    </Form>
  );
}
