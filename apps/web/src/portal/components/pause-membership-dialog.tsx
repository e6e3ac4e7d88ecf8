import type { PortalMembership, PortalMemberships } from '@fitbase/domain/contracts/portal';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useMe } from '../api/get-me';
import { usePauseMembership } from '../api/pause-membership';
import { isUnauthorized, portalErrorMessage } from '../api/portal-fetch';
import { dayKey } from './format-time';
import { toast } from './portal-toast';

type PauseRules = PortalMemberships['pauseRules'];

/** The studio's rule, as shown under the dates. */
export function pauseRuleText({ pauseMinDays, pauseMaxDays, pausesPerYear }: PauseRules): string {
  const times = pausesPerYear === 1 ? 'once' : `${pausesPerYear} times`;
  return `A pause lasts ${pauseMinDays} to ${pauseMaxDays} days, up to ${times} a year; your membership resumes the day after the last paused day.`;
}

/**
 * `Pause membership`: the first and the last paused day (native date fields, nothing before
 * today in the studio's zone) and the studio's rule under them. The server checks the rule and
 * answers what the pause means (when it resumes, the next charge): that answer is announced.
 * Loaded with the Membership page only when a membership can be paused.
 */
export function PauseMembershipDialog({
  membership,
  rules,
  onClose,
}: {
  /** The membership being paused; null keeps the dialog closed. */
  membership: PortalMembership | null;
  rules: PauseRules;
  onClose: () => void;
}) {
  const pause = usePauseMembership();
  return (
    <Dialog
      open={membership !== null}
      onOpenChange={(open) => {
        if (!open && !pause.isPending) onClose();
      }}
    >
      {membership ? (
        <DialogContent
          // Each opening starts with empty dates.
          key={membership.id}
          onInteractOutside={(event) => {
            if (pause.isPending) event.preventDefault();
          }}
        >
          <PauseForm membership={membership} rules={rules} pause={pause} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PauseForm({
  membership,
  rules,
  pause,
  onClose,
}: {
  membership: PortalMembership;
  rules: PauseRules;
  pause: ReturnType<typeof usePauseMembership>;
  onClose: () => void;
}) {
  const me = useMe();
  const today = dayKey(new Date(), me.data?.studio.timeZone ?? 'UTC');
  const [firstDay, setFirstDay] = useState('');
  const [lastDay, setLastDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const firstId = useId();
  const lastId = useId();
  const ruleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!firstDay || !lastDay) {
      setError('Choose the first and the last paused day.');
      return;
    }
    if (lastDay < firstDay) {
      setError('The last paused day cannot be before the first.');
      return;
    }
    pause.mutate(
      { membershipId: membership.id, firstDay, lastDay },
      {
        onSuccess: ({ message }) => {
          onClose();
          toast.success(message);
        },
        onError: (failure) => {
          // A 401 signs the member out (the query client); the sign-in page follows.
          if (!isUnauthorized(failure)) setError(portalErrorMessage(failure));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Pause membership</DialogTitle>
        <DialogDescription>Choose the days {membership.planName} is paused.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={firstId}>First paused day</Label>
          <Input
            id={firstId}
            type="date"
            required
            min={today}
            value={firstDay}
            aria-describedby={ruleId}
            onChange={(event) => setFirstDay(event.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={lastId}>Last paused day</Label>
          <Input
            id={lastId}
            type="date"
            required
            min={firstDay || today}
            value={lastDay}
            aria-describedby={ruleId}
            onChange={(event) => setLastDay(event.target.value)}
          />
        </div>
      </div>
      <p id={ruleId} className="text-sm text-muted-foreground">
        {pauseRuleText(rules)}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={pause.isPending} onClick={onClose}>
          Keep membership
        </Button>
        <Button type="submit" disabled={pause.isPending}>
          {pause.isPending ? 'Pausing…' : 'Pause membership'}
        </Button>
      </DialogFooter>
    </form>
  );
}
