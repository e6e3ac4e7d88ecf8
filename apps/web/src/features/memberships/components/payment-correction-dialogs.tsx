import { zodResolver } from '@hookform/resolvers/zod';
import {
  refundSchema,
  type LedgerEntry,
  type RefundInput,
} from '@fitbase/domain/contracts/payments';
import { formatMills } from '@fitbase/domain/amounts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Form } from '@/components/form/form';
import { MoneyField } from '@/components/form/number-fields';
import { TextareaField } from '@/components/form/text-fields';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { reportError } from '@/lib/report-error';
import type { useCorrectPayment } from '../api/correct-payment';
import { refundable } from '../lib/membership-actions';
import { useMoney } from '@/hooks/use-studio-format';

type CorrectMutation = ReturnType<typeof useCorrectPayment>;

interface CorrectionDialogProps {
  entry: LedgerEntry | undefined;
  onOpenChange: (open: boolean) => void;
  correct: CorrectMutation;
}

/** Refund all or part of a paid charge: a new negative ledger row, the charge stays on record. */
export function RefundDialog({ entry, onOpenChange, correct }: CorrectionDialogProps) {
  const money = useMoney();
  return (
    <Dialog open={Boolean(entry)} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Refund Payment</DialogTitle>
          <DialogDescription>
            {entry
              ? `${entry.description}: up to ${money(formatMills(refundable(entry)))} can be refunded.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {entry ? (
          <RefundForm entry={entry} correct={correct} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type RefundValues = z.input<typeof refundSchema>;

function RefundForm({
  entry,
  correct,
  onDone,
}: {
  entry: LedgerEntry;
  correct: CorrectMutation;
  onDone: () => void;
}) {
  const money = useMoney();
  const form = useForm<RefundValues, unknown, RefundInput>({
    resolver: zodResolver(refundSchema),
    defaultValues: { amount: formatMills(refundable(entry)), reason: '' },
  });
  const onSubmit = async (refund: RefundInput) => {
    try {
      await correct.mutateAsync({ action: 'refund', id: entry.id, refund });
      toast.success('Payment refunded', {
        description: `${money(refund.amount ?? formatMills(refundable(entry)))} refunded`,
      });
      onDone();
    } catch (error) {
      reportError(error, {
        title: 'Failed to refund payment',
        fallback: 'Please try again',
        form: { setError: form.setError, fields: ['amount', 'reason'] },
        formToast: false,
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="refund"
      schema={refundSchema}
      className="space-y-4"
      aria-label="Refund Payment"
    >
      <MoneyField control={form.control} name="amount" label="Refund Amount ($)*" required />
      <TextareaField control={form.control} name="reason" label="Reason*" rows={2} required />
      <EditorDialogFooter onCancel={onDone} pending={correct.isPending} submitLabel="Refund" />
    </Form>
  );
}
