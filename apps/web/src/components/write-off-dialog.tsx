import { writeOffSchema } from '@fitbase/domain/contracts/payments';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { reportError } from '@/lib/report-error';

/** The due being written off, as its dialog names it. */
export interface WriteOffTarget {
  /** "Monthly Unlimited ($99.00) for Ana Lytics"; the dialog adds "will no longer be owed." */
  summary: string;
  /** What the success toast names (the item). */
  item: string;
}

/**
 * Write off an open due the member will not pay (docs/product/money-and-store.md): a reason is required;
 * the server adds a correction row and the failed charge stays on record. One dialog for the
 * member's payment history and the Failed payments report; each passes its own mutation.
 */
export function WriteOffDialog({
  target,
  onOpenChange,
  onWriteOff,
  pending,
  idPrefix,
}: {
  target: WriteOffTarget | null;
  onOpenChange: (open: boolean) => void;
  onWriteOff: (reason: string) => Promise<unknown>;
  pending: boolean;
  idPrefix: string;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Write Off Payment</DialogTitle>
          <DialogDescription>
            {target ? `${target.summary} will no longer be owed.` : null}
          </DialogDescription>
        </DialogHeader>
        {target ? (
          <WriteOffForm
            target={target}
            onWriteOff={onWriteOff}
            pending={pending}
            idPrefix={idPrefix}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type WriteOffValues = z.input<typeof writeOffSchema>;

function WriteOffForm({
  target,
  onWriteOff,
  pending,
  idPrefix,
  onDone,
}: {
  target: WriteOffTarget;
  onWriteOff: (reason: string) => Promise<unknown>;
  pending: boolean;
  idPrefix: string;
  onDone: () => void;
}) {
  const form = useForm<WriteOffValues>({
    resolver: zodResolver(writeOffSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = async ({ reason }: WriteOffValues) => {
    try {
      await onWriteOff(reason);
      toast.success('Payment written off', { description: target.item });
      onDone();
    } catch (error) {
      reportError(error, {
        title: 'Failed to write off payment',
        fallback: 'Please try again',
        form: { setError: form.setError, fields: ['reason'] },
        formToast: false,
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix={idPrefix}
      schema={writeOffSchema}
      className="space-y-4"
      aria-label="Write Off Payment"
    >
      <TextareaField control={form.control} name="reason" label="Reason*" rows={2} required />
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={pending}>
          Write Off
        </Button>
      </DialogFooter>
    </Form>
  );
}
