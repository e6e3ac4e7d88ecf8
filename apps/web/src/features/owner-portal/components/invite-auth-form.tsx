import { MAX_PASSWORD_LENGTH, PASSWORD_RULE } from '@fitbase/domain/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { lazyZodResolver } from '@/lib/form-lazy-resolver';
import { peopleMessage } from '@/lib/form-errors';
import { reportProblem } from '@/lib/report-error';
import type { InviteAuthValues as Values } from './invite-auth-schema';

type Mode = 'sign-up' | 'sign-in';

const resolver = lazyZodResolver<Values, Values>(() =>
  import('./invite-auth-schema').then((m) => m.inviteAuthSchema),
);

/** better-auth's error codes (and ours) that belong to the password field. */
const PASSWORD_CODES = new Set(['weak_password', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG']);

/**
 * Sign up (or sign in) on the invitation page with the invited email fixed: acceptance
 * needs the signed-in email to be the invitation's, so the field is not editable.
 */
export function InviteAuthForm({
  email,
  onAuthenticated,
}: {
  email: string;
  onAuthenticated: () => Promise<void>;
}) {
  const [mode, setMode] = useState<Mode>('sign-up');
  const isSignUp = mode === 'sign-up';
  const form = useForm<Values, unknown, Values>({
    resolver,
    defaultValues: { fullName: '', email, password: '' },
  });
  const password = form.watch('password');

  const onSubmit = async (values: Values) => {
    // Loaded on use: the public page paints without better-auth's client (bench:web).
    const { authClient } = await import('@/lib/auth-client');
    const result = isSignUp
      ? await authClient.signUp.email({ name: values.fullName, email, password: values.password })
      : await authClient.signIn.email({ email, password: values.password });
    if (result.error) {
      const message = peopleMessage(result.error.message || 'An unexpected error occurred');
      if (PASSWORD_CODES.has(result.error.code ?? '')) form.setError('password', { message });
      reportProblem('Error', message, { formToast: true });
      // An account already exists for this email: the way in is signing in.
      if (isSignUp && result.error.code === 'USER_ALREADY_EXISTS') setMode('sign-in');
      return;
    }
    await onAuthenticated();
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onInvalid={(errors) => {
        if (errors.password?.message)
          reportProblem('Error', errors.password.message, { formToast: true });
      }}
      idPrefix="invite-account"
      className="space-y-4"
    >
      {isSignUp ? (
        <TextField
          control={form.control}
          name="fullName"
          id="invite-full-name"
          label="Full Name"
          autoComplete="name"
          maxLength={200}
        />
      ) : null}
      <TextField control={form.control} name="email" type="email" label="Email" readOnly />
      <PasswordField
        control={form.control}
        name="password"
        id="invite-password"
        label="Password"
        autoComplete={isSignUp ? 'new-password' : 'current-password'}
        maxLength={MAX_PASSWORD_LENGTH}
        description={isSignUp ? PASSWORD_RULE : undefined}
      />
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting || !password}>
        {form.formState.isSubmitting
          ? 'Please wait...'
          : isSignUp
            ? 'Create Account & Accept'
            : 'Sign In & Accept'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        <button
          type="button"
          className="text-primary hover:underline"
          onClick={() => setMode(isSignUp ? 'sign-in' : 'sign-up')}
        >
          {isSignUp ? 'Already have an account? Sign in' : "Don't have an account? Sign up"}
        </button>
      </p>
    </Form>
  );
}
