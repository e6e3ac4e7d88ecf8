import { MIN_PASSWORD_LENGTH } from '@fitbase/domain/constants';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useRequestPasswordReset, useResetPassword } from '../api/auth-actions';
import { AuthCard } from '../components/auth-card';
import { PasswordInput } from '../components/password-input';

function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim(), {
      onSuccess: () => setSent(true),
      onError: (e) => toast.error('Error', { description: e.message }),
    });
  };
  if (sent) {
    return (
      <p className="text-center" role="status">
        If an account exists for {email.trim()}, we sent it a link to reset the password. The link
        works for one hour.
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useResetPassword();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || password !== confirm) return setProblem("Passwords don't match or are empty");
    if (password.length < MIN_PASSWORD_LENGTH)
      return setProblem('Password must be at least 6 characters long');
    setProblem(null);
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          toast.success('Password updated', { description: 'Sign in with your new password.' });
          navigate('/auth', { replace: true });
        },
        onError: (e) => toast.error('Error', { description: e.message }),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="new-password">New Password</Label>
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="confirm-password">Confirm Password</Label>
        <PasswordInput
          id="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const error = params.get('error');
  return (
    <AuthCard
      title="Reset your password"
      description={
        token
          ? 'Choose a new password for your account.'
          : 'Enter your email and we will send you a link.'
      }
    >
      {error ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          This reset link is invalid or has expired. Ask for a new one below.
        </p>
      ) : null}
      {token && !error ? <NewPasswordForm token={token} /> : <RequestResetForm />}
      <p className="mt-4 text-center text-sm">
        <Link to="/auth" className="text-primary hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
