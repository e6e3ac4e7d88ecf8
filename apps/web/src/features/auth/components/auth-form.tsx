import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@fitbase/domain/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { formSuccess } from '@/lib/form-feedback';
import { meQueryOptions } from '@/lib/session';
import { useState } from 'react';
import { reportProblem } from '@/lib/report-error';
import { useSignIn, useSignUp } from '../api/auth-actions';
import { authFailure } from './auth-form-errors';
import { TwoFactorStep } from './two-factor-step';

// docs/product/accounts.md: the auth layer needs an email together with a password.
const REQUIRED = 'You must provide either an email or phone number and a password';

const email = z
  .string()
  .trim()
  .min(1, REQUIRED)
  .max(254)
  .pipe(z.email('Enter a valid email address'));

const signInSchema = z.object({
  fullName: z.string().trim().max(200),
  email,
  password: z.string().min(1, REQUIRED).max(MAX_PASSWORD_LENGTH),
});

const signUpSchema = signInSchema.extend({
  password: z
    .string()
    .min(1, REQUIRED)
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`),
});
type Values = z.input<typeof signInSchema>;

export function AuthForm({
  mode,
  onToggle,
}: {
  mode: 'sign-in' | 'sign-up';
  onToggle: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const isSignUp = mode === 'sign-up';
  const schema = isSignUp ? signUpSchema : signInSchema;
  const form = useForm<Values, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const pending = signIn.isPending || signUp.isPending;
  // Set when the password was right and the account asks for its second factor.
  const [secondFactor, setSecondFactor] = useState(false);

  const enter = async () => {
    const me = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    if (isSignUp) formSuccess('Account created and you are now signed in!');
    navigate(me && me.organizations.length > 0 ? '/dashboard' : '/setup', { replace: true });
  };

  const onSubmit = async (values: z.output<typeof signInSchema>) => {
    try {
      if (isSignUp) await signUp.mutateAsync(values);
      else {
        const answer = await signIn.mutateAsync({ email: values.email, password: values.password });
        if (answer && 'twoFactorRedirect' in answer && answer.twoFactorRedirect) {
          setSecondFactor(true);
          return;
        }
      }
      await enter();
    } catch (error) {
      const { field, message } = authFailure(error);
      if (field === 'email' || field === 'password') form.setError(field, { message });
      reportProblem('Error', message, { formToast: true });
    }
  };

  if (secondFactor && !isSignUp)
    return <TwoFactorStep onVerified={enter} onCancel={() => setSecondFactor(false)} />;

  return (
    <Form form={form} onSubmit={onSubmit} idPrefix="auth" schema={schema} className="space-y-4">
      {isSignUp ? (
        <TextField
          control={form.control}
          name="fullName"
          id="fullName"
          label="Full Name"
          autoComplete="name"
          placeholder="Jane Doe"
        />
      ) : null}
      <TextField
        control={form.control}
        name="email"
        id="email"
        type="email"
        label="Email"
        autoComplete="email"
        placeholder="you@example.com"
      />
      <div className="relative">
        {!isSignUp ? (
          <Link
            to="/reset-password"
            className="absolute right-0 top-0 text-sm leading-none text-primary hover:underline"
          >
            Forgot password?
          </Link>
        ) : null}
        <PasswordField
          control={form.control}
          name="password"
          id="password"
          label="Password"
          reveal
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
        />
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Please wait...' : isSignUp ? 'Create account' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        <button type="button" className="text-primary hover:underline" onClick={onToggle}>
          {isSignUp ? 'Already have an account? Sign in' : "Don't have an account? Sign up"}
        </button>
      </p>
    </Form>
  );
}
