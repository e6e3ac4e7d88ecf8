import { PASSWORD_RULE } from '@fitbase/domain/constants';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { formSuccess } from '@/lib/form-feedback';
import { lazyZodResolver } from '@/lib/form-lazy-resolver';
import { meQueryOptions } from '@/lib/session';
import { signedInLandingPath } from '@/lib/signed-in-landing';
import { reportProblem } from '@/lib/report-error';
import { useSignIn, useSignUp } from '../api/auth-actions';
import { authFailure } from './auth-form-errors';
import { AUTH_LIMITS } from './auth-limits';
import type { AuthOutput, AuthValues } from './auth-schemas';

/*
 * What /auth must not load before it paints (its budget, npm run bench:web): zod and the schemas
 * load on the form's first check, the auth client on the first submit (api/auth-actions.ts), and
 * the second-factor step only for an account that asks for it.
 */
const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })),
);

const resolverFor = (mode: 'sign-in' | 'sign-up') =>
  lazyZodResolver<AuthValues, AuthOutput>(() =>
    import('./auth-schemas').then((m) => (mode === 'sign-up' ? m.signUpSchema : m.signInSchema)),
  );

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
  // One resolver per mode (the form is keyed by mode, auth-route.tsx).
  const resolver = useMemo(() => resolverFor(mode), [mode]);
  const form = useForm<AuthValues, unknown, AuthOutput>({
    resolver,
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const pending = signIn.isPending || signUp.isPending;
  // Set when the password was right and the account asks for its second factor.
  const [secondFactor, setSecondFactor] = useState(false);

  const enter = async () => {
    const me = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    if (isSignUp) formSuccess('Account created and you are now signed in!');
    navigate(signedInLandingPath(me), { replace: true });
  };

  const onSubmit = async (values: AuthOutput) => {
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
    return (
      <Suspense fallback={<p className="text-center text-sm text-muted-foreground">Loading...</p>}>
        <TwoFactorStep onVerified={enter} onCancel={() => setSecondFactor(false)} />
      </Suspense>
    );

  return (
    <Form form={form} onSubmit={onSubmit} idPrefix="auth" className="space-y-4">
      {isSignUp ? (
        <TextField
          control={form.control}
          name="fullName"
          id="fullName"
          label="Full Name"
          autoComplete="name"
          placeholder="Jane Doe"
          maxLength={AUTH_LIMITS.fullName}
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
        maxLength={AUTH_LIMITS.email}
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
          maxLength={AUTH_LIMITS.password}
          // The rule shows before anything is typed (docs/product/accounts.md#passwords).
          description={isSignUp ? PASSWORD_RULE : undefined}
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
