import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useKioskAccess } from '../api/get-kiosk-access';
import { useMe } from '../api/get-me';
import { isUnauthorized, portalErrorMessage } from '../api/portal-fetch';
import { useCheckInCode, useRotateCheckInCode } from '../api/profile';
import { OfflineNote } from '../offline/offline-note';
import { useOfflineCopy } from '../offline/use-offline-copy';
import { PortalLoading } from './portal-error';
import { Section } from './portal-section';
import { toast } from './portal-toast';

// Its QR library loads when the code is drawn, not with the portal.
const CheckInQr = lazy(() => import('./check-in-qr').then((m) => ({ default: m.CheckInQr })));

/** `My check-in code`: the QR code the studio's kiosk reads, and `New code` to replace it. */
export function CheckInCode() {
  const code = useCheckInCode();
  const memberNumber = useKioskAccess().data?.memberNumber ?? null;
  const rotate = useRotateCheckInCode();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const offlineId = useId();
  const timeZone = useMe().data?.studio.timeZone ?? 'UTC';
  // Offline, the last code this browser saw (the kiosk still takes it unless it was replaced).
  const copy = useOfflineCopy('/check-in-code', code.dataUpdatedAt);
  const offline = copy.offline && code.data !== undefined;

  const renew = () => {
    setError(null);
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('New check-in code ready.');
      },
      onError: (failure) => {
        if (!isUnauthorized(failure)) setError(portalErrorMessage(failure));
      },
    });
  };

  return (
    <Section title="My check-in code">
      {offline ? (
        <OfflineNote
          id={offlineId}
          what="check-in code"
          asOf={copy.asOf}
          timeZone={timeZone}
          actions="A new code needs a connection."
        />
      ) : null}
      {code.error ? (
        <p role="alert" className="text-sm text-destructive">
          {portalErrorMessage(code.error)}
        </p>
      ) : code.isPending ? (
        <PortalLoading label="Loading your code…" />
      ) : (
        <Suspense fallback={<div className="size-48 rounded-md border bg-muted" aria-hidden />}>
          <CheckInQr code={code.data.code} />
        </Suspense>
      )}
      <p className="text-sm text-muted-foreground">Show this at the studio's check-in kiosk.</p>
      {memberNumber !== null ? (
        <p className="text-sm">
          Member number: <strong className="font-semibold">{memberNumber}</strong>
        </p>
      ) : null}
      {confirming ? (
        <div role="group" aria-labelledby={noteId} className="space-y-2 rounded-lg border p-3">
          <p id={noteId} className="text-sm">
            Your old code will stop working.
          </p>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={rotate.isPending} onClick={renew}>
              {rotate.isPending ? 'Making a new code…' : 'Make a new code'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={rotate.isPending}
              onClick={() => setConfirming(false)}
            >
              Keep this code
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="outline"
          disabled={!code.data || offline}
          aria-describedby={offline ? offlineId : undefined}
          onClick={() => setConfirming(true)}
        >
          New code
        </Button>
      )}
    </Section>
  );
}
