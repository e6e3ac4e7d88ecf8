import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { reportProblem } from '@/lib/report-error';
import { useVerifySecondFactor } from '../api/auth-actions';
import { authFailure } from './auth-form-errors';

const schema = z.object({
  code: z.string().trim().min(1, 'Enter the code').max(64, 'That code is too long'),
});
type Values = z.input<typeof schema>;

/**
 * The sign-in's second step for an account with two-factor authentication: the 6-digit code
 * of the authenticator app, or one of the backup codes (each works once).
 */
export function TwoFactorStep({
  onVerified,
  onCancel,
}: {
  onVerified: () => Promise<void>;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const verify = useVerifySecondFactor();
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });

  const onSubmit = async ({ code }: z.output<typeof schema>) => {
    try {
      await verify.mutateAsync({ code: kind === 'totp' ? code.replace(/\s/g, '') : code, kind });
      await onVerified();
    } catch (error) {
      const { message } = authFailure(error);
      form.setError('code', { message });
      reportProblem('Error', message, { formToast: true });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="two-factor"
      schema={schema}
      className="space-y-4"
    >
      <TextField
        control={form.control}
        name="code"
        id="code"
        label={kind === 'totp' ? 'Two-factor code' : 'Backup code'}
        description={
          kind === 'totp'
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'Enter one of the backup codes you saved when you turned on two-factor authentication.'
        }
        autoComplete="one-time-code"
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Please wait...' : 'Verify'}
      </Button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-primary hover:underline"
          onClick={() => {
            form.reset({ code: '' });
            setKind(kind === 'totp' ? 'backup' : 'totp');
          }}
        >
          {kind === 'totp' ? 'Use a backup code' : 'Use the authenticator app'}
        </button>
        <button type="button" className="text-muted-foreground hover:underline" onClick={onCancel}>
          Back to sign in
        </button>
      </div>
    </Form>
  );
}
