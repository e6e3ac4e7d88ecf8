import { type PortalKioskAccess, portalKioskPinSchema } from '@fitbase/domain/contracts/kiosk';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useKioskAccess } from '../api/get-kiosk-access';
import { isUnauthorized, PortalApiError, portalErrorMessage } from '../api/portal-fetch';
import { useRemoveKioskPin } from '../api/remove-kiosk-pin';
import { useSetKioskPin } from '../api/set-kiosk-pin';
import { PortalLoading } from './portal-error';
import { PortalField } from './portal-field';
import { Section } from './portal-section';
import { toast } from './portal-toast';

/**
 * How the studio's kiosk knows the member without their QR code (docs/product/kiosk.md): the
 * last 4 digits of their phone and a PIN they set here, or their member number, as the studio
 * chose in Settings › Kiosks.
 */
export function KioskPinSection() {
  const access = useKioskAccess();
  if (access.data?.identifyBy === 'member_number')
    return (
      <Section title="Kiosk member number">
        <MemberNumber access={access.data} />
      </Section>
    );
  return (
    <Section title="Kiosk PIN">
      {access.error ? (
        <p role="alert" className="text-sm text-destructive">
          {portalErrorMessage(access.error)}
        </p>
      ) : access.isPending ? (
        <PortalLoading label="Loading your kiosk PIN…" />
      ) : (
        <PinForm access={access.data} />
      )}
    </Section>
  );
}

function MemberNumber({ access }: { access: PortalKioskAccess }) {
  if (access.memberNumber === null)
    return (
      <p className="text-sm text-muted-foreground">
        You have no member number yet: please ask the front desk.
      </p>
    );
  return (
    <>
      <p className="text-lg">
        Your member number: <strong className="font-semibold">{access.memberNumber}</strong>
      </p>
      <p className="text-sm text-muted-foreground">
        At the studio&apos;s kiosk, type this number to check in without your QR code.
      </p>
    </>
  );
}

function PinForm({ access }: { access: PortalKioskAccess }) {
  const save = useSetKioskPin();
  const remove = useRemoveKioskPin();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const busy = save.isPending || remove.isPending;

  const failed = (failure: unknown) => {
    if (isUnauthorized(failure)) return;
    setError(
      failure instanceof PortalApiError && failure.fields.pin
        ? failure.fields.pin
        : portalErrorMessage(failure),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = portalKioskPinSchema.safeParse({ pin });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter 4 digits');
      return;
    }
    save.mutate(parsed.data.pin, {
      onSuccess: () => {
        setPin('');
        toast.success('PIN saved.');
      },
      onError: failed,
    });
  };

  const removePin = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        setPin('');
        toast.success('PIN removed.');
      },
      onError: failed,
    });
  };

  const intro = (
    <p className="text-sm text-muted-foreground">
      At the studio&apos;s kiosk, type the last 4 digits of your phone and this PIN.
    </p>
  );
  if (!access.phoneOnFile)
    return (
      <>
        {intro}
        <p className="text-sm">
          You have no phone number on file. Add it under Contact details above and save, then set
          your PIN here.
        </p>
      </>
    );
  return (
    <form noValidate onSubmit={submit} aria-label="Kiosk PIN" className="space-y-3">
      {intro}
      <p className="text-sm">{access.hasPin ? 'Your PIN is set.' : 'You have no PIN yet.'}</p>
      <div className="max-w-48">
        <PortalField
          id={id}
          label={access.hasPin ? 'New PIN' : 'PIN'}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={4}
          value={pin}
          disabled={busy}
          error={error}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {save.isPending ? 'Saving…' : 'Save PIN'}
        </Button>
        {access.hasPin ? (
          <Button type="button" variant="outline" disabled={busy} onClick={removePin}>
            {remove.isPending ? 'Removing…' : 'Remove PIN'}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
