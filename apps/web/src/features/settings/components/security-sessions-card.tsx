import type { AccountSession } from '@fitbase/domain/contracts/security';
import { LogOut, Monitor } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useStudioDates } from '@/hooks/use-studio-format';
import { errorMessage } from '@/lib/api/api-error';
import { reportError } from '@/lib/report-error';
import {
  useRevokeSession,
  useSessions,
  useSignOutEverywhere,
  useSignOutOtherSessions,
} from '../api/security-sessions';

/** The person's active sessions: device, IP, last use; sign out one, the others, or all. */
export function SecuritySessionsCard() {
  // In the studio's locale and zone (ADR 0038), not the browser's.
  const { dateTime: when } = useStudioDates();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const others = useSignOutOtherSessions();
  const everywhere = useSignOutEverywhere();
  const hasOthers = (sessions.data ?? []).some((s) => !s.current);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      reportError(error, { title: null, fallback: 'Something went wrong' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Active sessions</CardTitle>
        <CardDescription>
          The devices signed in to your account. Sign out any you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {sessions.isPending ? (
          <p className="text-sm text-muted-foreground">Loading sessions...</p>
        ) : sessions.isError ? (
          <p className="text-sm text-destructive">
            {errorMessage(sessions.error, 'Sessions could not be loaded')}
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Active sessions">
            {sessions.data.map((session: AccountSession) => (
              <li key={session.id} className="flex items-center gap-3 p-3">
                <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium">
                    {session.device ?? 'Unknown device'}
                    {session.current ? (
                      <Badge variant="secondary" className="ml-2">
                        This device
                      </Badge>
                    ) : null}
                  </p>
                  <p className="text-muted-foreground">
                    {session.ipAddress ?? 'Unknown IP'} · last used {when(session.lastUsedAt)} ·
                    signed in {when(session.createdAt)}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending}
                    onClick={() =>
                      run(() => revoke.mutateAsync(session.id), 'That device is signed out')
                    }
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={!hasOthers || others.isPending}
            onClick={() => run(() => others.mutateAsync(), 'Your other devices are signed out')}
          >
            Sign out other sessions
          </Button>
          <Button
            variant="outline"
            disabled={everywhere.isPending}
            onClick={async () => {
              await run(() => everywhere.mutateAsync(), 'Signed out everywhere');
              // This session ended too: start again from the sign-in page.
              window.location.assign('/auth');
            }}
          >
            <LogOut aria-hidden /> Sign out everywhere
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
