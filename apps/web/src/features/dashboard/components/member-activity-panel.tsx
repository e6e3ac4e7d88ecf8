import type { HomeDashboard } from '@fitbase/domain/contracts/dashboard';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useStudioDates, useStudioFormat } from '@/hooks/use-studio-format';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatLocalDate } from './home-format';
import { relativeTime } from './relative-time';

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

function MemberRow({
  id,
  firstName,
  lastName,
  children,
}: {
  id: string;
  firstName: string;
  lastName: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center gap-3">
      <Avatar className="size-9">
        <AvatarFallback>{initials(firstName, lastName)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <Link
          to={`/member/${id}`}
          className="block truncate text-sm font-medium underline-offset-4 hover:underline"
        >
          {`${firstName} ${lastName}`.trim()}
        </Link>
        <p className="text-xs text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}

/**
 * Recent Member Activity (docs/product/dashboards.md#studio-home): the newest members with
 * their relative join time, and the members whose membership ends soon.
 */
export function MemberActivityPanel({
  home,
  isLoading,
}: {
  home: HomeDashboard | undefined;
  isLoading: boolean;
}) {
  const { locale } = useStudioFormat();
  // The exact time on hover, in the studio's locale and zone (ADR 0038), not the browser's.
  const { dateTime } = useStudioDates();
  const signups = home?.newestSignups ?? [];
  const expiring = home?.expiringMembers ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recent Member Activity</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="signups">
          <TabsList>
            <TabsTrigger value="signups">Newest Signups</TabsTrigger>
            <TabsTrigger value="expiring">Expiring Members</TabsTrigger>
          </TabsList>
          <TabsContent value="signups" className="pt-2">
            {isLoading ? (
              <p className="text-sm text-muted-foreground">Loading members...</p>
            ) : signups.length === 0 ? (
              <p className="text-sm text-muted-foreground">No members yet</p>
            ) : (
              <ul aria-label="Newest signups" className="space-y-3">
                {signups.map((member) => (
                  <MemberRow key={member.id} {...member}>
                    Joined{' '}
                    <time dateTime={member.joinedAt} title={dateTime(member.joinedAt)}>
                      {relativeTime(member.joinedAt)}
                    </time>
                  </MemberRow>
                ))}
              </ul>
            )}
          </TabsContent>
          <TabsContent value="expiring" className="pt-2">
            {isLoading ? (
              <p className="text-sm text-muted-foreground">Loading members...</p>
            ) : expiring.length === 0 ? (
              <p className="text-sm text-muted-foreground">No members expiring soon</p>
            ) : (
              <ul aria-label="Expiring members" className="space-y-3">
                {expiring.map((member) => (
                  <MemberRow key={member.id} {...member}>
                    Membership ends{' '}
                    <time dateTime={member.endsOn}>{formatLocalDate(member.endsOn, locale)}</time>
                  </MemberRow>
                ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
