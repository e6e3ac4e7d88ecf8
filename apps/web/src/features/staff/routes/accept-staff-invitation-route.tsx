import { STAFF_MESSAGES } from '@fitbase/domain/staff-messages';
import { Dumbbell, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/session';
import { reportError, reportProblem } from '@/lib/report-error';
import { useAcceptStaffInvitation } from '../api/accept-staff-invitation';
import { useStaffInvitation } from '../api/get-staff-invitation';
import { AcceptInvitationForm } from '../components/accept-invitation-form';

const showInvalid = () => reportProblem('Invalid Invitation', STAFF_MESSAGES.invalidInvitation);

function Loading() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-3" aria-busy="true">
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
      <p className="text-muted-foreground">Loading...</p>
    </main>
  );
}

function AcceptInvitation({ token }: { token: string }) {
  const navigate = useNavigate();
  const invitation = useStaffInvitation(token);
  const { data: me, isPending: meLoading } = useMe();
  const accept = useAcceptStaffInvitation();
  const invalid = invitation.isError;

  useEffect(() => {
    // docs/product/staff.md#accepting-an-invitation: an invalid, used or expired token is reported,
    // then the person goes to /auth.
    if (!invalid) return;
    showInvalid();
    navigate('/auth', { replace: true });
  }, [invalid, navigate]);

  if (invitation.isPending || meLoading || invalid) return <Loading />;
  const data = invitation.data;

  const onAccept = (password: string) =>
    accept.mutate(
      {
        token,
        email: data.email,
        password,
        accountExists: data.accountExists,
        signedInAs: me?.user.email ?? null,
      },
      {
        onSuccess: (result) => {
          toast.success('Welcome to the team!', {
            description: result.accountCreated
              ? 'Your account has been created successfully.'
              : `You have joined ${data.organizationName}.`,
          });
          navigate(result.signedIn ? '/dashboard/staff' : '/auth', { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404) {
            showInvalid();
            navigate('/auth', { replace: true });
            return;
          }
          // Signing in fails with the auth client's own words; the API's refusals carry a code.
          reportError(
            error,
            error instanceof ApiError
              ? { fallback: 'Failed to accept invitation' }
              : { message: error.message || 'Failed to accept invitation' },
          );
        },
      },
    );

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-md space-y-6">
        <Link to="/" className="flex items-center justify-center gap-2 text-xl font-bold">
          <Dumbbell className="size-6 text-primary" aria-hidden /> FitBase
        </Link>
        <Card>
          <CardHeader className="text-center">
            <CardTitle>
              <h1 className="text-2xl font-bold">Join {data.organizationName}</h1>
            </CardTitle>
            <CardDescription>You&apos;ve been invited to join as a {data.role}</CardDescription>
          </CardHeader>
          <CardContent>
            <AcceptInvitationForm
              invitation={data}
              signedInAs={me?.user.email ?? null}
              pending={accept.isPending}
              onInvalid={(description) => reportProblem('Error', description)}
              onAccept={onAccept}
            />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

/** /accept-staff-invitation?token=… (docs/product/staff.md#accepting-an-invitation). */
export function AcceptStaffInvitationRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // A missing token redirects to /auth.
  if (!token) return <Navigate to="/auth" replace />;
  return <AcceptInvitation token={token} />;
}
