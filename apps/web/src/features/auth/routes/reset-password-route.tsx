import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { NewPasswordForm, RequestResetForm } from '../components/reset-password-forms';

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
