import type { PortalWaiver, WaiverSignature } from '@fitbase/domain/contracts/waivers';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { useMe } from '../api/get-me';
import { isUnauthorized, PortalApiError, portalErrorMessage } from '../api/portal-fetch';
import { useSignWaiver, useWaiver, waiverPdfUrl } from '../api/waiver';
import { formatDate } from '../components/format-time';
import { PortalLoading } from '../components/portal-error';
import { PortalField } from '../components/portal-field';
import { toast } from '../components/portal-toast';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { usePortalLocale } from '../hooks/use-portal-locale';

/**
 * /m/{slug}/waiver (docs/product/waivers.md): the studio's current waiver, signed with the typed
 * full name and `I have read and agree` (a parent or guardian signs for a member under 18);
 * once signed, the version, the date and its PDF.
 */
export function WaiverRoute() {
  const waiver = useWaiver();
  if (waiver.error) throw waiver.error;
  if (waiver.isPending) return <PortalLoading label="Loading the waiver…" />;
  const data = waiver.data;
  return (
    <section aria-labelledby="portal-waiver-heading" className="space-y-4">
      <h1 id="portal-waiver-heading" className="text-xl font-semibold">
        Waiver
      </h1>
      {!data.waiver ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          The studio has no waiver to sign.
        </p>
      ) : (
        <>
          <article className="space-y-2 rounded-lg border p-4">
            <h2 className="text-lg font-semibold">{data.waiver.title}</h2>
            <p className="text-xs text-muted-foreground">Version {data.waiver.version}</p>
            <p className="text-sm whitespace-pre-wrap">{data.waiver.body}</p>
          </article>
          {data.signature ? (
            <Signed signature={data.signature} />
          ) : (
            // A newer version starts a fresh form: the member reads and agrees again.
            <SignForm key={data.waiver.id} waiver={data} waiverId={data.waiver.id} />
          )}
        </>
      )}
    </section>
  );
}

function Signed({ signature }: { signature: WaiverSignature }) {
  const slug = usePortalSlug();
  const timeZone = useMe().data?.studio.timeZone ?? 'UTC';
  const locale = usePortalLocale();
  return (
    <div role="status" className="space-y-3 rounded-lg border bg-muted/40 p-4 text-sm">
      <p>
        You signed version {signature.version} on {formatDate(signature.signedAt, timeZone, locale)}{' '}
        as {signature.signedName}
        {signature.guardianName ? ` (parent or guardian: ${signature.guardianName})` : ''}.
      </p>
      <div className="flex flex-wrap gap-2">
        <a
          href={waiverPdfUrl(slug, signature.id)}
          download
          className={buttonVariants({ variant: 'outline' })}
        >
          Download PDF
        </a>
        <Link to={`/m/${slug}/schedule`} className={buttonVariants({ variant: 'ghost' })}>
          Back to the schedule
        </Link>
      </div>
    </div>
  );
}

function SignForm({ waiver, waiverId }: { waiver: PortalWaiver; waiverId: string }) {
  const sign = useSignWaiver();
  const [fullName, setFullName] = useState('');
  const [guardianName, setGuardianName] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), guardian: useId(), agree: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!fullName.trim()) found.fullName = 'Full name is required';
    if (waiver.guardianRequired && !guardianName.trim())
      found.guardianName = 'Parent or guardian name is required for a member under 18';
    if (!agree) found.agree = 'Tick I have read and agree to sign';
    setErrors(found);
    setError(null);
    if (Object.keys(found).length) return;
    sign.mutate(
      {
        waiverId,
        fullName: fullName.trim(),
        guardianName: waiver.guardianRequired ? guardianName.trim() : null,
        agree: true,
      },
      {
        onSuccess: () => toast.success('Waiver signed. A copy is on its way to your email.'),
        onError: (failure) => {
          if (isUnauthorized(failure)) return;
          if (failure instanceof PortalApiError && failure.code === 'waiver_outdated')
            return toast.error(failure.message);
          if (failure instanceof PortalApiError) setErrors(failure.fields);
          setError(portalErrorMessage(failure));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign waiver">
      <PortalField
        id={ids.name}
        label="Full name"
        autoComplete="name"
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
        error={errors.fullName ?? null}
        required
      />
      {waiver.guardianRequired ? (
        <div className="space-y-1">
          <PortalField
            id={ids.guardian}
            label="Parent or guardian name"
            value={guardianName}
            onChange={(e) => setGuardianName(e.target.value)}
            error={errors.guardianName ?? null}
            required
          />
          <p className="text-xs text-muted-foreground">
            You are under 18: a parent or guardian signs with you.
          </p>
        </div>
      ) : null}
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <input
            id={ids.agree}
            type="checkbox"
            className="size-4 accent-primary"
            checked={agree}
            onChange={(e) => setAgree(e.target.checked)}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? `${ids.agree}-error` : undefined}
          />
          <label htmlFor={ids.agree} className="text-sm font-medium">
            I have read and agree
          </label>
        </div>
        {errors.agree ? (
          <p id={`${ids.agree}-error`} className="text-sm text-destructive">
            {errors.agree}
          </p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={sign.isPending}>
        {sign.isPending ? 'Signing…' : 'Sign waiver'}
      </Button>
    </form>
  );
}
