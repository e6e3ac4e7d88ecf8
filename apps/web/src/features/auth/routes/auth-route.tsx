import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DisabledUntilHydrated } from '@/lib/hydration';
import { useMe, useSignOut } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';

export function AuthRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in');
  const { data: me } = useMe();
  const signOut = useSignOut();

  useEffect(() => {
    // Invitation links may land here: hand the token to the acceptance page
    // (docs/product/accounts.md#auth-page).
    if (token)
      navigate(`/accept-staff-invitation?token=${encodeURIComponent(token)}`, { replace: true });
  }, [token, navigate]);

  // While the session is unknown (and in the pre-rendered HTML) the sign-in form shows: most
  // visitors here are signed out, and the page paints before any request (docs/product/accounts.md).
  if (me) {
    return (
      <AuthCard title="Welcome back">
        <div className="space-y-4 text-center">
          <p>You are signed in as {me.user.email}</p>
          <div className="flex flex-col gap-2">
            <Button asChild>
              <Link to="/dashboard/staff">Go to Dashboard</Link>
            </Button>
            <Button
              variant="outline"
              disabled={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, {
                  onSuccess: () =>
                    toast.success('Signed out', {
                      description: 'You can now sign in to a different account.',
                    }),
                  onError: (e) =>
                    reportError(e, { message: e.message || 'An unexpected error occurred' }),
                })
              }
            >
              Sign out
            </Button>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={mode === 'sign-in' ? 'Welcome back' : 'Create account'}
      description={
        mode === 'sign-in' ? 'Sign in to manage your gym' : 'Start managing your gym with FitBase'
      }
    >
      <DisabledUntilHydrated>
        <AuthForm
          key={mode}
          mode={mode}
          onToggle={() => setMode((m) => (m === 'sign-in' ? 'sign-up' : 'sign-in'))}
        />
      </DisabledUntilHydrated>
    </AuthCard>
  );
}
