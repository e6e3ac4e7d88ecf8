import type { PortalMembership } from '@fitbase/domain/contracts/portal';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCancelMembership } from '../api/cancel-membership';
import { useMembershipCancelTerms } from '../api/get-membership-cancel-terms';
import { isUnauthorized, portalErrorMessage } from '../api/portal-fetch';
import { formatCalendarDate } from './format-time';
import { toast } from './portal-toast';
import { usePortalLocale } from '../hooks/use-portal-locale';

const REASON_MAX = 500;

/**
 * `Cancel membership`, in one dialog of two steps: first what cancelling now means (the terms
 * from the server, asked when it opens) with an optional reason, then the last day and the
 * destructive confirm. Loaded with the Membership page only when a membership can be cancelled.
 */
export function CancelMembershipDialog({
  membership,
  onClose,
}: {
  /** The membership being cancelled; null keeps the dialog closed. */
  membership: PortalMembership | null;
  onClose: () => void;
}) {
  const cancel = useCancelMembership();
  return (
    <Dialog
      open={membership !== null}
      onOpenChange={(open) => {
        if (!open && !cancel.isPending) onClose();
      }}
    >
      {membership ? (
        <DialogContent
          // Its content unmounts when closed: each opening starts at the first step.
          key={membership.id}
          onInteractOutside={(event) => {
            if (cancel.isPending) event.preventDefault();
          }}
        >
          <CancelSteps membership={membership} cancel={cancel} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function CancelSteps({
  membership,
  cancel,
  onClose,
}: {
  membership: PortalMembership;
  cancel: ReturnType<typeof useCancelMembership>;
  onClose: () => void;
}) {
  const terms = useMembershipCancelTerms(membership.id);
  const locale = usePortalLocale();
  const [step, setStep] = useState<'terms' | 'confirm'>('terms');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();

  const confirm = () => {
    setError(null);
    cancel.mutate(
      { membershipId: membership.id, reason },
      {
        onSuccess: ({ lastDay }) => {
          onClose();
          toast.success(
            `Membership cancelled. It ends on ${formatCalendarDate(lastDay, locale)}. We sent you an email.`,
          );
        },
        onError: (failure) => {
          // A 401 signs the member out (the query client); the sign-in page follows.
          if (!isUnauthorized(failure)) setError(portalErrorMessage(failure));
        },
      },
    );
  };

  if (step === 'confirm' && terms.data) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Cancel membership?</DialogTitle>
          <DialogDescription>
            Your membership ends on {formatCalendarDate(terms.data.lastDay, locale)}.
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button
            variant="outline"
            // The step's buttons replace the one pressed: focus lands on the safe one.
            autoFocus
            disabled={cancel.isPending}
            onClick={() => {
              setError(null);
              setStep('terms');
            }}
          >
            Back
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={confirm}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel membership'}
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Cancel membership?</DialogTitle>
        <DialogDescription>
          {terms.data
            ? terms.data.message
            : terms.isPending
              ? `Checking when ${membership.planName} would end…`
              : `${membership.planName} cannot be cancelled right now.`}
        </DialogDescription>
      </DialogHeader>
      {terms.error && !isUnauthorized(terms.error) ? (
        <p role="alert" className="text-sm text-destructive">
          {portalErrorMessage(terms.error)}
        </p>
      ) : null}
      {terms.data ? (
        <div className="space-y-2">
          <Label htmlFor={reasonId}>Reason (optional)</Label>
          <Textarea
            id={reasonId}
            value={reason}
            maxLength={REASON_MAX}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Keep membership
        </Button>
        <Button disabled={!terms.data} onClick={() => setStep('confirm')}>
          Continue
        </Button>
      </DialogFooter>
    </>
  );
}
