import { LogIn } from 'lucide-react';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMemberVisits } from '../../api/list-member-visits';
import { formatDateTime, humanize } from '../member-format';
import { MemberBookings } from './bookings-list';

/** The member's visits and bookings (with attendance), newest first. */
export function ActivityTab({
  memberId,
  timeZone,
}: {
  memberId: string;
  /** The studio's time zone: sessions show at the studio's local time. */
  timeZone: string;
}) {
  return (
    <div className="space-y-6">
      <MemberVisits memberId={memberId} />
      <MemberBookings memberId={memberId} timeZone={timeZone} />
    </div>
  );
}

function MemberVisits({ memberId }: { memberId: string }) {
  const { data: visits, isPending, isError } = useMemberVisits(memberId);
  const format = useStudioFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Activity</h2>
        </CardTitle>
        <CardDescription>Check-ins and visits, newest first</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load activity
          </p>
        ) : visits.length === 0 ? (
          <p className="text-sm text-muted-foreground">No visits yet</p>
        ) : (
          <ul aria-label="Visits" className="space-y-3">
            {visits.map((visit) => (
              <li key={visit.id} className="flex items-center gap-3">
                <span className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <LogIn className="size-4" aria-hidden />
                </span>
                <div>
                  <p className="text-sm font-medium">
                    {visit.visitType === 'check_in' ? 'Checked in' : humanize(visit.visitType)}
                  </p>
                  <time dateTime={visit.visitDate} className="text-xs text-muted-foreground">
                    {formatDateTime(visit.visitDate, format)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
