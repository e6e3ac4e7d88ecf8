import type { PublicInvitation } from '@fitbase/domain/contracts/owner-portal';
import { formatDollars } from '@fitbase/domain/savings';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { meQueryOptions, useMe, useSignOut } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useAcceptInvitation } from '../api/accept-invitation';
import { usePublicInvitation } from '../api/get-public-invitation';
import { publicInvitationKeys } from '@/lib/query-keys';
import { InviteAuthForm } from '../components/invite-auth-form';

function Screen({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <Mail className="mx-auto size-10 text-primary" aria-hidden />
          <CardTitle>
            <h1 className="text-2xl font-bold">{title}</h1>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {children ? <CardContent className="space-y-4">{children}</CardContent> : null}
      </Card>
    </main>
  );
}

function ClosedInvitation({ title, description }: { title: string; description: string }) {
  return (
    <Screen title={title} description={description}>
      <div className="flex flex-col gap-2">
        <Button asChild>
          <Link to="/auth">Go to Sign In</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </Screen>
  );
}

function planLine(invitation: PublicInvitation): string | null {
  if (!invitation.planName) return null;
  const price = invitation.planPriceMonthly
    ? ` - ${formatDollars(invitation.planPriceMonthly)}/month`
    : '';
  return `${invitation.planName}${price}`;
}

/**
 * /invite/{token}: the platform invitation's landing page
 * (docs/product/owner-portal.md#invite-page-invitetoken).
 */
export function InviteRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = usePublicInvitation(token);
  const { data: me, isPending: mePending } = useMe();
  const accept = useAcceptInvitation();
  const signOut = useSignOut();

  if (invitation.isPending || mePending) {
    return (
      <main
        role="status"
        className="flex min-h-svh items-center justify-center gap-2 text-muted-foreground"
      >
        <Loader2 className="size-5 animate-spin" aria-hidden />
        <span>Loading...</span>
      </main>
    );
  }
  if (invitation.isError || !invitation.data) {
    return (
      <ClosedInvitation
        title="Invalid Invitation"
        description="This invitation link is invalid or has expired."
      />
    );
  }
  const data = invitation.data;
  if (data.status === 'accepted') {
    return (
      <ClosedInvitation
        title="Invitation Already Used"
        description="This invitation has already been used. Sign in to continue."
      />
    );
  }
  if (data.status === 'expired' || !data.email) {
    return (
      <ClosedInvitation
        title="Invitation Expired"
        description="This invitation has expired. Ask the person who invited you for a new one."
      />
    );
  }
  const invitedEmail = data.email;

  const acceptNow = async () => {
    try {
      const result = await accept.mutateAsync(token);
      const fresh = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      toast.success('Welcome to FitBase!', {
        description: result.planName
          ? `Your ${result.planName} plan is active.`
          : 'Your invitation has been accepted.',
      });
      navigate(fresh && fresh.organizations.length > 0 ? '/dashboard' : '/setup', {
        replace: true,
      });
    } catch (error) {
      await queryClient.invalidateQueries({ queryKey: publicInvitationKeys.detail(token) });
      reportError(error, { fallback: 'Failed to accept invitation' });
    }
  };

  const plan = planLine(data);
  const description = (
    <>
      {data.inviterName ?? 'The FitBase team'} invited you to join FitBase.
      {plan ? <span className="mt-2 block font-medium text-foreground">Plan: {plan}</span> : null}
    </>
  );

  if (me && me.user.email.toLowerCase() === invitedEmail.toLowerCase()) {
    return (
      <Screen title="You're invited to FitBase" description={description}>
        <p className="text-center text-sm">Signed in as {me.user.email}</p>
        <Button className="w-full" disabled={accept.isPending} onClick={() => void acceptNow()}>
          {accept.isPending ? 'Accepting...' : 'Accept Invitation'}
        </Button>
      </Screen>
    );
  }
  if (me) {
    return (
      <Screen title="You're invited to FitBase" description={description}>
        <p className="text-center text-sm">
          You are signed in as {me.user.email}, but this invitation is for {invitedEmail}. Sign out
          to continue with that email.
        </p>
        <Button
          variant="outline"
          className="w-full"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          Sign out
        </Button>
      </Screen>
    );
  }
  return (
    <Screen title="You're invited to FitBase" description={description}>
      <InviteAuthForm email={invitedEmail} onAuthenticated={acceptNow} />
    </Screen>
  );
}
