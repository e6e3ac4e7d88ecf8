import type { PortalProfile, PortalProfileUpdate } from '@fitbase/domain/contracts/portal';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isUnauthorized, portalErrorMessage } from '../api/portal-fetch';
import { useUpdateProfile } from '../api/profile';
import {
  currentPushEndpoint,
  portalRegistration,
  pushSupported,
  turnOffPush,
  turnOnPush,
} from '../api/push';
import { useMe } from '../api/get-me';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { Section } from './portal-section';
import { toast } from './portal-toast';

type Switch = 'emailReminders' | 'pushReminders' | 'marketingConsent' | 'pushMarketing';

/**
 * `Notifications` (docs/product/member-portal.md#notifications): per kind, email and push
 * switches, saved at once; and push on this device. Offers by push also need the email consent
 * to news and offers: it is the member's consent to the studio's marketing.
 */
export function NotificationsSection({ profile }: { profile: PortalProfile }) {
  const update = useUpdateProfile();
  const me = useMe();
  const studio = me.data?.studio.name ?? 'the studio';
  const value = (name: Switch): boolean =>
    update.isPending && update.variables[name] !== undefined
      ? update.variables[name] === true
      : profile[name];
  const change = (changes: PortalProfileUpdate) =>
    update.mutate(changes, {
      onSuccess: () => toast.success('Preferences saved.'),
      onError: (failure) => {
        if (!isUnauthorized(failure)) toast.error(portalErrorMessage(failure));
      },
    });
  const toggle = (name: Switch, label: string, disabled = false) => (
    <Toggle
      label={label}
      checked={value(name)}
      disabled={disabled || update.isPending}
      onChange={(checked) => change({ [name]: checked })}
    />
  );
  return (
    <Section title="Notifications">
      <Kind legend="Reminders" note="Before each class you booked.">
        {toggle('emailReminders', 'By email')}
        {toggle('pushReminders', 'By push')}
      </Kind>
      <Kind
        legend="News and offers"
        note={
          value('marketingConsent')
            ? `News and offers from ${studio}.`
            : `News and offers from ${studio}. Turn on email to get them by push too.`
        }
      >
        {toggle('marketingConsent', 'By email')}
        {toggle('pushMarketing', 'By push', !value('marketingConsent'))}
      </Kind>
      <p className="text-sm text-muted-foreground">Booking and account emails are always sent.</p>
      <ThisDevice />
    </Section>
  );
}

function Kind({ legend, note, children }: { legend: string; note: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-note`}>
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={`${id}-note`} className="text-sm text-muted-foreground">
        {note}
      </p>
      <div className="flex flex-wrap gap-6">{children}</div>
    </fieldset>
  );
}

function Toggle(props: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="size-4 accent-primary"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={id} className="text-sm">
        {props.label}
      </label>
    </div>
  );
}

type DeviceState =
  | { kind: 'checking' }
  | { kind: 'unavailable' }
  | { kind: 'blocked' }
  | { kind: 'off'; registration: ServiceWorkerRegistration }
  | { kind: 'on'; registration: ServiceWorkerRegistration; endpoint: string };

/** Push on this device: `Turn on push notifications`, or `Turn off` once it is on. */
function ThisDevice() {
  const slug = usePortalSlug();
  const [state, setState] = useState<DeviceState>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const check = async (): Promise<DeviceState> => {
      const registration = await portalRegistration();
      if (!registration) return { kind: 'unavailable' };
      if (Notification.permission === 'denied') return { kind: 'blocked' };
      const endpoint = await currentPushEndpoint(slug, registration);
      return endpoint ? { kind: 'on', registration, endpoint } : { kind: 'off', registration };
    };
    check().then(
      (next) => live && setState(next),
      () => live && setState({ kind: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [slug]);

  const run = async (work: () => Promise<DeviceState>, done: string) => {
    setBusy(true);
    try {
      const next = await work();
      setState(next);
      if (next.kind === 'on' || next.kind === 'off') toast.success(done);
    } catch (failure) {
      if (!isUnauthorized(failure))
        toast.error(
          failure instanceof DOMException
            ? 'This browser could not turn on push notifications.'
            : portalErrorMessage(failure),
        );
    } finally {
      setBusy(false);
    }
  };

  const turnOn = (registration: ServiceWorkerRegistration) =>
    run(async () => {
      if ((await turnOnPush(slug, registration)) === 'denied') return { kind: 'blocked' };
      const endpoint = await currentPushEndpoint(slug, registration);
      return endpoint ? { kind: 'on', registration, endpoint } : { kind: 'off', registration };
    }, 'Push notifications turned on.');

  const turnOff = (registration: ServiceWorkerRegistration, endpoint: string) =>
    run(async () => {
      await turnOffPush(slug, endpoint);
      return { kind: 'off', registration };
    }, 'Push notifications turned off.');

  let body: ReactNode;
  if (state.kind === 'checking') body = <p className="text-sm text-muted-foreground">Checking…</p>;
  else if (state.kind === 'unavailable')
    body = (
      <p className="text-sm text-muted-foreground">
        {pushSupported()
          ? 'Push notifications are not available in this browser yet: reload the page, or use email.'
          : 'Push notifications are not available in this browser.'}
      </p>
    );
  else if (state.kind === 'blocked')
    body = (
      <p className="text-sm text-muted-foreground">
        Notifications are blocked for this site. Allow them in your browser&apos;s settings to get
        push notifications.
      </p>
    );
  else if (state.kind === 'on') {
    const { registration, endpoint } = state;
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm">Push notifications are on for this device.</p>
        <Button variant="outline" disabled={busy} onClick={() => turnOff(registration, endpoint)}>
          Turn off
        </Button>
      </div>
    );
  } else {
    const { registration } = state;
    body = (
      <Button variant="outline" disabled={busy} onClick={() => turnOn(registration)}>
        {busy ? 'Turning on…' : 'Turn on push notifications'}
      </Button>
    );
  }
  return (
    <div className="space-y-2 rounded-lg border p-4">
      <h3 className="text-sm font-medium">This device</h3>
      {body}
    </div>
  );
}
