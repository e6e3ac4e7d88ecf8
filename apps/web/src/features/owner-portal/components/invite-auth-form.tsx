import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@fitbase/domain/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { authClient } from '@/lib/auth-client';
import { peopleMessage } from '@/lib/form-errors';
import { reportProblem } from '@/lib/report-error';

type Mode = 'sign-up' | 'sign-in';

const schema = z.object({
  fullName: z.string().trim().max(200),
  email: z.string(),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`),
});
type Values = z.infer<typeof schema>;

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
    resolver: zodResolver(schema),
    defaultValues: { fullName: '', email, password: '' },
  });
  const password = form.watch('password');

  const onSubmit = async (values: Values) => {
    const result = isSignUp
      ? await authClient.signUp.email({ name: values.fullName, email, password: values.password })
      : await authClient.signIn.email({ email, password: values.password });
    if (result.error) {
      reportProblem(
        'Error',
        peopleMessage(result.error.message || 'An unexpected error occurred'),
        {
          formToast: true,
        },
      );
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
      schema={schema}
      className="space-y-4"
    >
      {isSignUp ? (
        <TextField
          control={form.control}
          name="fullName"
          id="invite-full-name"
          label="Full Name"
          autoComplete="name"
        />
      ) : null}
      <TextField control={form.control} name="email" type="email" label="Email" readOnly />
      <PasswordField
        control={form.control}
        name="password"
        id="invite-password"
        label="Password"
        autoComplete={isSignUp ? 'new-password' : 'current-password'}
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
