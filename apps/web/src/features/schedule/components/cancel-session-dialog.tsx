import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
import { useStudioFormat } from '@/hooks/use-studio-format';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCancelSession } from '../api/cancel-session';
import { formatLocalDay, formatTime, localDateOf } from '../lib/schedule-dates';

const cancelFormSchema = z.object({
  reason: z.string().trim().max(500, 'Reason is at most 500 characters'),
});
type CancelFormValues = z.input<typeof cancelFormSchema>;
type CancelFormOutput = z.output<typeof cancelFormSchema>;

/**
 * Cancel a session: asks first, takes an optional reason. The server cancels its bookings and
 * emails each booked or waitlisted member.
 */
export function CancelSessionDialog({
  session,
  timeZone,
  onClose,
}: {
  session: SessionSummary | undefined;
  timeZone: string;
  onClose: () => void;
}) {
  const { locale } = useStudioFormat();
  return (
    <Dialog open={Boolean(session)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel session</DialogTitle>
          <DialogDescription>
            {session
              ? `Cancel ${session.name} on ${formatLocalDay(localDateOf(session.startsAt, timeZone), locale, { weekday: 'short', month: 'short', day: 'numeric' })} at ${formatTime(session.startsAt, timeZone, locale)}? Its bookings are cancelled and every booked or waitlisted member is emailed.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {session ? <CancelForm session={session} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CancelForm({ session, onDone }: { session: SessionSummary; onDone: () => void }) {
  const form = useForm<CancelFormValues, unknown, CancelFormOutput>({
    resolver: zodResolver(cancelFormSchema),
    defaultValues: { reason: '' },
  });
  const cancel = useCancelSession();

  const onSubmit = async ({ reason }: CancelFormOutput) => {
    try {
      await cancel.mutateAsync({ id: session.id, reason: reason || null });
      formSuccess('Success', 'Session cancelled');
      onDone();
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to cancel session',
        form: { setError: form.setError, fields: ['reason'] },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !cancel.isPending}
      idPrefix="cancel-session"
      schema={cancelFormSchema}
      className="space-y-4"
      aria-label="Cancel session"
    >
      <TextareaField control={form.control} name="reason" label="Reason (optional)" rows={3} />
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onDone} disabled={cancel.isPending}>
          Keep session
        </Button>
        <Button type="submit" variant="destructive" disabled={cancel.isPending}>
          Cancel session
        </Button>
      </DialogFooter>
    </Form>
  );
}
