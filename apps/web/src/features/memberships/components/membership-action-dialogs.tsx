import { zodResolver } from '@hookform/resolvers/zod';
import {
  membershipCancelSchema,
  membershipPauseSchema,
  type Membership,
  type MembershipCancel,
} from '@fitbase/domain/contracts/plans';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DateField } from '@/components/form/date-field';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
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
import { EditorDialogFooter } from '@/components/editor-dialog';
import { reportError } from '@/lib/report-error';
import type { useChangeMembership } from '../api/change-membership';

type ChangeMutation = ReturnType<typeof useChangeMembership>;

interface ActionDialogProps {
  membership: Membership | undefined;
  onOpenChange: (open: boolean) => void;
  change: ChangeMutation;
}

/** Pause until a resume date: billing and expiry move by the days paused. */
export function PauseMembershipDialog({ membership, onOpenChange, change }: ActionDialogProps) {
  return (
    <Dialog open={Boolean(membership)} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Pause Membership</DialogTitle>
          <DialogDescription>
            Paused from today until the resume date; billing and the end date move by the days
            paused.
          </DialogDescription>
        </DialogHeader>
        {membership ? (
          <PauseForm membership={membership} change={change} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type PauseValues = z.input<typeof membershipPauseSchema>;

function PauseForm({
  membership,
  change,
  onDone,
}: {
  membership: Membership;
  change: ChangeMutation;
  onDone: () => void;
}) {
  const form = useForm<PauseValues>({
    resolver: zodResolver(membershipPauseSchema),
    defaultValues: { resumesOn: '' },
  });
  const onSubmit = async ({ resumesOn }: PauseValues) => {
    try {
      await change.mutateAsync({ action: 'pause', id: membership.id, resumesOn });
      toast.success('Membership paused', { description: `${membership.plan.name} is paused` });
      onDone();
    } catch (error) {
      reportError(error, {
        title: 'Failed to pause membership',
        fallback: 'Please try again',
        form: { setError: form.setError, fields: ['resumesOn'] },
        formToast: false,
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="pause"
      className="space-y-4"
      aria-label="Pause Membership"
    >
      <DateField control={form.control} name="resumesOn" label="Resume Date*" required />
      <EditorDialogFooter
        onCancel={onDone}
        pending={change.isPending}
        submitLabel="Pause Membership"
      />
    </Form>
  );
}

/** Cancel now or at the end of the paid period, with a reason. */
export function CancelMembershipDialog({ membership, onOpenChange, change }: ActionDialogProps) {
  return (
    <Dialog open={Boolean(membership)} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel Membership</DialogTitle>
          <DialogDescription>
            {membership ? `${membership.plan.name}: ` : ''}now ends it today; at the end of the
            period keeps it until the paid period ends, with no further charges.
          </DialogDescription>
        </DialogHeader>
        {membership ? (
          <CancelForm membership={membership} change={change} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const WHEN_OPTIONS = [
  { value: 'period_end', label: 'At the end of the period' },
  { value: 'now', label: 'Now' },
];

function CancelForm({
  membership,
  change,
  onDone,
}: {
  membership: Membership;
  change: ChangeMutation;
  onDone: () => void;
}) {
  const form = useForm<MembershipCancel>({
    resolver: zodResolver(membershipCancelSchema),
    defaultValues: { when: 'period_end', reason: '' },
  });
  const onSubmit = async (cancel: MembershipCancel) => {
    try {
      await change.mutateAsync({ action: 'cancel', id: membership.id, cancel });
      toast.success('Membership cancelled', {
        description:
          cancel.when === 'now'
            ? `${membership.plan.name} has ended`
            : `${membership.plan.name} ends at the end of the period`,
      });
      onDone();
    } catch (error) {
      reportError(error, {
        title: 'Failed to cancel membership',
        fallback: 'Please try again',
        form: { setError: form.setError, fields: ['when', 'reason'] },
        formToast: false,
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="cancel"
      className="space-y-4"
      aria-label="Cancel Membership"
    >
      <SelectField control={form.control} name="when" label="When*" options={WHEN_OPTIONS} />
      <TextareaField control={form.control} name="reason" label="Reason*" rows={2} required />
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onDone} disabled={change.isPending}>
          Keep Membership
        </Button>
        <Button type="submit" variant="destructive" disabled={change.isPending}>
          Cancel Membership
        </Button>
      </DialogFooter>
    </Form>
  );
}
