import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { meQueryOptions } from '@/lib/session';
import { useSignIn, useSignUp } from '../api/auth-actions';
import { PasswordInput } from './password-input';

const schema = z.object({
  fullName: z.string().trim(),
  // doc 1 §5: the auth layer needs an email together with a password.
  email: z
    .string()
    .trim()
    .min(1, 'You must provide either an email or phone number and a password'),
  password: z.string().min(1, 'You must provide either an email or phone number and a password'),
});
type Values = z.infer<typeof schema>;

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
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const pending = signIn.isPending || signUp.isPending;
  const isSignUp = mode === 'sign-up';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (isSignUp)
        await signUp.mutateAsync({
          fullName: values.fullName,
          email: values.email,
          password: values.password,
        });
      else await signIn.mutateAsync({ email: values.email, password: values.password });
      const me = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      if (isSignUp) toast.success('Account created and you are now signed in!');
      navigate(me && me.organizations.length > 0 ? '/dashboard' : '/setup', { replace: true });
    } catch (error) {
      toast.error('Error', {
        description: error instanceof Error ? error.message : 'An unexpected error occurred',
      });
    }
  });

  const firstError =
    form.formState.errors.email?.message ?? form.formState.errors.password?.message;

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {isSignUp ? (
        <div className="space-y-2">
          <Label htmlFor="fullName">Full Name</Label>
          <Input
            id="fullName"
            autoComplete="name"
            placeholder="Jane Doe"
            {...form.register('fullName')}
          />
        </div>
      ) : null}
      <div className="space-y-2">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.register('email')}
        />
      </div>
      <div className="space-y-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="password">Password</Label>
          {!isSignUp ? (
            <Link to="/reset-password" className="text-sm text-primary hover:underline">
              Forgot password?
            </Link>
          ) : null}
        </div>
        <PasswordInput
          id="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          {...form.register('password')}
        />
      </div>
      {firstError ? (
        <p role="alert" className="text-sm text-destructive">
          {firstError}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Please wait...' : isSignUp ? 'Create account' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        <button type="button" className="text-primary hover:underline" onClick={onToggle}>
          {isSignUp ? 'Already have an account? Sign in' : "Don't have an account? Sign up"}
        </button>
      </p>
    </form>
  );
}
