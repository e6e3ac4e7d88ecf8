import type { RecentVisit } from '@fitbase/domain/contracts/members';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useStudioDates } from '@/hooks/use-studio-format';
import { relativeTime } from './relative-time';

/** "{visit type or Visited} the gym": the stored type in words (check_in → Checked in). */
function visitVerb(visitType: string): string {
  if (!visitType) return 'Visited';
  if (visitType === 'check_in') return 'Checked in';
  // Schedule check-ins (docs/product/schedule.md#check-in) read as sentences too.
  if (visitType === 'class') return 'Took a class at';
  if (visitType === 'appointment') return 'Had an appointment at';
  const words = visitType.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Visited';
}

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

function VisitRow({ visit }: { visit: RecentVisit }) {
  const member = visit.member;
  // The exact time on hover, in the studio's locale and zone (ADR 0038), not the browser's.
  const { dateTime } = useStudioDates();
  const name = member ? `${member.firstName} ${member.lastName}`.trim() : 'Unknown Member';
  return (
    <li className="flex items-center gap-3">
      <Avatar className="size-9">
        {member?.profilePhotoUrl ? <AvatarImage src={member.profilePhotoUrl} alt="" /> : null}
        <AvatarFallback>
          {member ? initials(member.firstName, member.lastName) : '?'}
        </AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="text-xs text-muted-foreground">{visitVerb(visit.visitType)} the gym</p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <Badge variant="secondary">Visit</Badge>
        <time
          dateTime={visit.visitDate}
          title={dateTime(visit.visitDate)}
          className="text-xs text-muted-foreground"
        >
          {relativeTime(visit.visitDate)}
        </time>
      </div>
    </li>
  );
}

/** The last 5 visits of the organization (docs/product/dashboards.md#recent-activity). */
export function RecentActivity({
  visits,
  isLoading,
}: {
  visits: RecentVisit[];
  isLoading: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recent Activity</h2>
        </CardTitle>
        <CardDescription>Latest member check-ins</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : visits.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recent activity yet</p>
        ) : (
          <ul aria-label="Recent activity" className="space-y-4">
            {visits.map((visit) => (
              <VisitRow key={visit.id} visit={visit} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
