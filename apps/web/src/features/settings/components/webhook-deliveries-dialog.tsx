import type { WebhookAttempt, WebhookEndpoint } from '@fitbase/domain/contracts/webhooks';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { StudioDateTime } from '@/components/studio-date';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formSuccess } from '@/lib/form-feedback';
import { reportError, reportProblem } from '@/lib/report-error';
import { useWebhookAttempts } from '../api/list-webhook-attempts';
import { useResendWebhookDelivery, useRotateWebhookSecret } from '../api/save-webhook-endpoint';

export interface WebhookDeliveriesDialogProps {
  /** The endpoint shown; null: closed. */
  endpoint: WebhookEndpoint | null;
  onOpenChange: (open: boolean) => void;
}

/** An endpoint's signing secret (Copy, Rotate secret) and its `Deliveries`, each with Resend. */
export function WebhookDeliveriesDialog({ endpoint, onOpenChange }: WebhookDeliveriesDialogProps) {
  return (
    <Dialog open={endpoint !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Deliveries</DialogTitle>
          <DialogDescription className="break-all">{endpoint?.url}</DialogDescription>
        </DialogHeader>
        {endpoint ? (
          <>
            <SigningSecret endpoint={endpoint} />
            <AttemptList endpointId={endpoint.id} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SigningSecret({ endpoint }: { endpoint: WebhookEndpoint }) {
  const id = useId();
  const rotate = useRotateWebhookSecret();
  const [confirming, setConfirming] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      formSuccess('Secret copied');
    } catch {
      reportProblem('Could not copy', 'Select the secret and copy it yourself.');
    }
  };
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Signing secret</Label>
      <div className="flex gap-2">
        <Input id={id} value={endpoint.secret} readOnly className="bg-muted font-mono text-xs" />
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Rotate secret
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Verify each request&apos;s webhook-signature header with this secret (any Standard Webhooks
        library does it).
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate the signing secret?"
        description="Deliveries are signed with the new secret at once: update your receiver."
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        closeOnConfirm={false}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirming(false);
              formSuccess('Secret rotated');
            },
            onError: (error) =>
              reportError(error, { fallback: 'Failed to rotate the secret', formToast: true }),
          })
        }
      />
    </div>
  );
}

function status(attempt: WebhookAttempt) {
  if (attempt.statusCode === null) return <Badge variant="destructive">No answer</Badge>;
  const ok = attempt.statusCode >= 200 && attempt.statusCode < 300;
  return <Badge variant={ok ? 'default' : 'destructive'}>{attempt.statusCode}</Badge>;
}

function AttemptList({ endpointId }: { endpointId: string }) {
  const attempts = useWebhookAttempts(endpointId);
  const resend = useResendWebhookDelivery(endpointId);
  if (attempts.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (attempts.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the deliveries
      </p>
    );
  if (attempts.data.length === 0)
    return <p className="text-sm text-muted-foreground">No delivery yet.</p>;
  const onResend = (deliveryId: string) =>
    resend.mutate(deliveryId, {
      onSuccess: () => formSuccess('Resend queued'),
      onError: (error) => reportError(error, { fallback: 'Failed to resend', formToast: true }),
    });
  return (
    <Table aria-label="Deliveries">
      <TableHeader>
        <TableRow>
          <TableHead>Event</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Attempt</TableHead>
          <TableHead>Time</TableHead>
          <TableHead>Duration</TableHead>
          <TableHead>Response</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {attempts.data.map((attempt) => (
          <TableRow key={attempt.id}>
            <TableCell className="font-mono text-xs">{attempt.eventType}</TableCell>
            <TableCell>{status(attempt)}</TableCell>
            <TableCell>
              {attempt.attempt}
              {attempt.manual ? ' (resend)' : ''}
            </TableCell>
            <TableCell>
              <time dateTime={attempt.attemptedAt}>
                <StudioDateTime instant={attempt.attemptedAt} />
              </time>
            </TableCell>
            <TableCell>{attempt.durationMs} ms</TableCell>
            <TableCell className="max-w-xs">
              <pre className="max-h-24 overflow-auto whitespace-pre-wrap break-all text-xs">
                {attempt.error ?? attempt.responseBody ?? ''}
              </pre>
            </TableCell>
            <TableCell>
              <Button
                variant="outline"
                size="sm"
                disabled={resend.isPending}
                aria-label={`Resend ${attempt.eventType} (${attempt.eventId})`}
                onClick={() => onResend(attempt.deliveryId)}
              >
                Resend
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
