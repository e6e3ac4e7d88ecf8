import {
  DEFAULT_SEND_RATE_PER_SECOND,
  MAX_SEND_RATE_PER_SECOND,
} from '@fitbase/domain/connect-constants';
import type { Campaign } from '@fitbase/domain/contracts/campaigns';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { failureMessage } from '@/lib/form-errors';
import { formSuccess } from '@/lib/form-feedback';
import { reportProblem } from '@/lib/report-error';
import { useSendCampaign } from '../api/campaign-mutations';
import { usePostalAddress, useSendAudiences } from '../api/get-send-choices';

const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs';

/** Send a draft now or at a time, to a group or everyone with consent, at a rate. */
export function SendCampaignDialog({
  campaign,
  onOpenChange,
}: {
  campaign: Campaign | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={campaign !== undefined} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send {campaign?.name}</DialogTitle>
          <DialogDescription>
            Only members who agreed to marketing email and have not unsubscribed receive it.
          </DialogDescription>
        </DialogHeader>
        {campaign ? <SendForm campaign={campaign} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SendForm({ campaign, onDone }: { campaign: Campaign; onDone: () => void }) {
  const postal = usePostalAddress();
  const audiences = useSendAudiences();
  const send = useSendCampaign();
  const [audienceId, setAudienceId] = useState(campaign.audienceId ?? '');
  const [rate, setRate] = useState(
    String(campaign.sendRatePerSecond || DEFAULT_SEND_RATE_PER_SECOND),
  );
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (postal.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  // The address is edited in one place, Settings › General (it is the studio's, not a campaign's).
  if (!postal.data)
    return (
      <p role="note" className="text-sm">
        Add your studio&apos;s postal address in{' '}
        <Link to="/settings?tab=general" className="font-medium underline">
          Settings › General
        </Link>{' '}
        before sending marketing email: every marketing email must carry it.
      </p>
    );

  const submit = () => {
    setError(null);
    send.mutate(
      {
        id: campaign.id,
        send: {
          audienceId: audienceId || null,
          sendRatePerSecond: Number(rate),
          scheduledAt: when ? new Date(when).toISOString() : null,
        },
      },
      {
        onSuccess: () => {
          formSuccess('Success', when ? 'Campaign scheduled' : 'Campaign is being sent');
          onDone();
        },
        onError: (e) => {
          const message = failureMessage(e, 'Failed to send campaign');
          setError(message);
          reportProblem('Error', message, { formToast: true });
        },
      },
    );
  };

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="send-audience">Send to</Label>
        <select
          id="send-audience"
          className={selectClass}
          value={audienceId}
          onChange={(event) => setAudienceId(event.target.value)}
        >
          <option value="">Everyone with marketing consent</option>
          {(audiences.data ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="send-rate">Messages per second</Label>
          <Input
            id="send-rate"
            type="number"
            min={1}
            max={MAX_SEND_RATE_PER_SECOND}
            step={1}
            value={rate}
            onChange={(event) => setRate(event.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="send-when">Schedule (empty = now)</Label>
          <Input
            id="send-when"
            type="datetime-local"
            value={when}
            onChange={(event) => setWhen(event.target.value)}
          />
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <EditorDialogFooter
        onCancel={onDone}
        pending={send.isPending}
        submitLabel={when ? 'Schedule' : 'Send now'}
      />
    </form>
  );
}
