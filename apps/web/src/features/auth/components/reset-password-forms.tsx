import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_RULE } from '@fitbase/domain/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { formSuccess } from '@/lib/form-feedback';
import { reportError, reportProblem } from '@/lib/report-error';
import { useRequestPasswordReset, useResetPassword } from '../api/auth-actions';
import { authFailure } from './auth-form-errors';

const requestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .max(254)
    .pipe(z.email('Enter a valid email address')),
});
type RequestValues = z.input<typeof requestSchema>;

export function RequestResetForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const form = useForm<RequestValues, unknown, z.output<typeof requestSchema>>({
    resolver: zodResolver(requestSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = async ({ email }: { email: string }) => {
    try {
      await request.mutateAsync(email);
      setSentTo(email);
    } catch (error) {
      reportError(error, { message: authFailure(error).message, formToast: true });
    }
  };
  if (sentTo) {
    return (
      <p className="text-center" role="status">
        If an account exists for {sentTo}, we sent it a link to reset the password. The link works
        for one hour.
      </p>
    );
  }
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="reset"
      schema={requestSchema}
      className="space-y-4"
    >
      <TextField
        control={form.control}
        name="email"
        id="email"
        type="email"
        label="Email"
        required
        autoComplete="email"
      />
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
    </Form>
  );
}

const newPasswordSchema = z
  .object({
    password: z
      .string()
      .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`),
    confirm: z.string(),
  })
  .superRefine(({ password, confirm }, ctx) => {
    // The spec's texts, in its order: empty or different first, then too short.
    if (!password || password !== confirm)
      ctx.addIssue({
        code: 'custom',
        path: ['confirm'],
        message: "Passwords don't match or are empty",
      });
    else if (password.length < MIN_PASSWORD_LENGTH)
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
      });
  });
type NewPasswordValues = z.input<typeof newPasswordSchema>;

export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<NewPasswordValues, unknown, NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const onSubmit = async ({ password }: NewPasswordValues) => {
    try {
      await reset.mutateAsync({ token, newPassword: password });
      formSuccess('Password updated', 'Sign in with your new password.');
      navigate('/auth', { replace: true });
    } catch (error) {
      const { field, message } = authFailure(error);
      if (field) form.setError('password', { message });
      reportProblem('Error', message, { formToast: true });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="reset"
      schema={newPasswordSchema}
      className="space-y-4"
    >
      <PasswordField
        control={form.control}
        name="password"
        id="new-password"
        label="New Password"
        reveal
        autoComplete="new-password"
        description={PASSWORD_RULE}
      />
      <PasswordField
        control={form.control}
        name="confirm"
        id="confirm-password"
        label="Confirm Password"
        reveal
        autoComplete="new-password"
      />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </Form>
  );
}
