import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { peopleMessage } from '@/lib/form-errors';
import { reportProblem } from '@/lib/report-error';
import { TwoFactorError, useConfirmTwoFactor } from '../api/two-factor';
import { TotpQrCode } from './totp-qr-code';

const schema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
});
type Values = z.input<typeof schema>;

/** The secret inside the otpauth:// URI, for typing into an app by hand. */
export function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/**
 * Step 2 of turning two-factor authentication on: add the key to the app (scan the QR code, or
 * type the key), keep the backup codes (shown this once), and confirm with a first code.
 */
export function TwoFactorSetup({
  setup,
  onDone,
  onCancel,
}: {
  setup: { totpURI: string; backupCodes: string[] };
  onDone: () => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  const secret = secretOf(setup.totpURI);

  const onSubmit = async ({ code }: z.output<typeof schema>) => {
    try {
      await confirm.mutateAsync(code);
      onDone();
    } catch (error) {
      const message =
        error instanceof TwoFactorError ? peopleMessage(error.message) : 'Something went wrong';
      form.setError('code', { message });
      reportProblem('Code not accepted', message, { formToast: true });
    }
  };

  return (
    <div className="space-y-6">
      <section className="space-y-2">
        <h3 className="font-medium">1. Add FitBase to your authenticator app</h3>
        <p className="text-sm text-muted-foreground">
          Scan this QR code with the app, or choose to enter a setup key and type this key
          (time-based):
        </p>
        <TotpQrCode uri={setup.totpURI} />
        <code
          className="block break-all rounded-md bg-muted p-3 font-mono text-sm"
          data-testid="two-factor-secret"
        >
          {secret}
        </code>
        <p className="text-sm text-muted-foreground">
          On a phone with the app installed you can{' '}
          <a className="text-primary underline" href={setup.totpURI}>
            open the setup link
          </a>{' '}
          instead.
        </p>
        <input type="hidden" data-testid="two-factor-uri" value={setup.totpURI} readOnly />
      </section>
      <section className="space-y-2">
        <h3 className="font-medium">2. Save your backup codes</h3>
        <p className="text-sm text-muted-foreground">
          Each code signs you in once if you lose your phone. They are shown only now: keep them
          somewhere safe.
        </p>
        <ul
          className="grid max-w-md grid-cols-2 gap-1 rounded-md bg-muted p-3 font-mono text-sm"
          aria-label="Backup codes"
        >
          {setup.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </section>
      <Form
        form={form}
        onSubmit={onSubmit}
        idPrefix="two-factor-confirm"
        schema={schema}
        className="max-w-md space-y-4"
      >
        <h3 className="font-medium">3. Enter the code the app shows</h3>
        <TextField
          control={form.control}
          name="code"
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? 'Checking...' : 'Turn on'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}
