import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_PASSWORD_LENGTH } from '@fitbase/domain/constants';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { PasswordField } from '@/components/form/text-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formSuccess } from '@/lib/form-feedback';
import { peopleMessage } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import {
  TwoFactorError,
  useDisableTwoFactor,
  useRegenerateBackupCodes,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';
import { TwoFactorSetup } from './two-factor-setup';

const passwordSchema = z.object({
  password: z.string().min(1, 'Enter your current password').max(MAX_PASSWORD_LENGTH),
});
type PasswordValues = z.input<typeof passwordSchema>;

const messageOf = (error: unknown) =>
  error instanceof TwoFactorError ? peopleMessage(error.message) : 'Something went wrong';

/**
 * Two-factor authentication with an authenticator app. Turning it on or off needs the current
 * password; turning it on also needs a first code from the app, so a half set-up app never
 * locks anyone out.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const [setup, setSetup] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const enabled = status.data?.enabled ?? false;
  const form = useForm<PasswordValues, unknown, z.output<typeof passwordSchema>>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = async ({ password }: z.output<typeof passwordSchema>) => {
    try {
      if (enabled) {
        await disable.mutateAsync(password);
        formSuccess('Two-factor authentication is off');
      } else {
        setSetup(await start.mutateAsync(password));
      }
      form.reset();
    } catch (error) {
      form.setError('password', { message: messageOf(error) });
      reportError(error, {
        title: enabled ? 'Two-factor authentication is still on' : 'Not started',
        message: messageOf(error),
        formToast: true,
      });
    }
  };

  // A lost or used-up set of backup codes is replaced without turning two-factor off and on.
  const onRegenerate = form.handleSubmit(async ({ password }) => {
    try {
      setNewCodes(await regenerate.mutateAsync(password));
      form.reset();
      formSuccess('New backup codes', 'Your old backup codes no longer work.');
    } catch (error) {
      form.setError('password', { message: messageOf(error) });
      reportError(error, {
        title: 'No new backup codes',
        message: messageOf(error),
        formToast: true,
      });
    }
  });
  const busy = status.isPending || start.isPending || disable.isPending || regenerate.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden /> Two-factor authentication
          {status.isSuccess ? (
            <Badge variant={enabled ? 'default' : 'secondary'}>{enabled ? 'On' : 'Off'}</Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          Sign-in asks for a code from an authenticator app (Google Authenticator, 1Password, Authy,
          …) after your password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {newCodes ? (
          <section className="max-w-md space-y-3" aria-labelledby="new-backup-codes">
            <h3 id="new-backup-codes" className="font-medium">
              Your new backup codes
            </h3>
            <p className="text-sm text-muted-foreground">
              Keep them somewhere safe: each works once if you lose your phone. They are shown only
              now.
            </p>
            <ul
              className="grid grid-cols-2 gap-1 rounded-md bg-muted p-3 font-mono text-sm"
              aria-label="New backup codes"
            >
              {newCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <Button type="button" onClick={() => setNewCodes(null)}>
              Done
            </Button>
          </section>
        ) : setup ? (
          <TwoFactorSetup
            setup={setup}
            onDone={() => {
              setSetup(null);
              formSuccess('Two-factor authentication is on');
            }}
            onCancel={() => setSetup(null)}
          />
        ) : (
          <Form
            form={form}
            onSubmit={onSubmit}
            idPrefix="two-factor-password"
            schema={passwordSchema}
            className="max-w-md space-y-4"
          >
            <PasswordField
              control={form.control}
              name="password"
              label="Current password"
              description={
                enabled
                  ? 'Your password is needed to turn two-factor authentication off or to get new backup codes.'
                  : 'Your password is needed to turn two-factor authentication on.'
              }
              autoComplete="current-password"
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant={enabled ? 'outline' : 'default'} disabled={busy}>
                {enabled
                  ? 'Turn off two-factor authentication'
                  : 'Turn on two-factor authentication'}
              </Button>
              {enabled ? (
                <Button type="button" variant="outline" disabled={busy} onClick={onRegenerate}>
                  Get new backup codes
                </Button>
              ) : null}
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
