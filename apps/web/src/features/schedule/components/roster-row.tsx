import type { RosterEntry } from '@fitbase/domain/contracts/bookings';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { formatClock, memberName, membershipLabel } from './roster-format';

/** One member of the roster: name, email, booking status, membership warning and actions. */
export function RosterRow({
  entry,
  timeZone,
  children,
}: {
  entry: RosterEntry;
  timeZone: string;
  children?: ReactNode;
}) {
  const { member } = entry;
  const { locale } = useStudioFormat();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          {entry.status === 'waitlisted' && entry.waitlistPosition !== null ? (
            <span className="text-sm font-semibold tabular-nums text-muted-foreground">
              #{entry.waitlistPosition}
            </span>
          ) : null}
          <Link
            to={`/member/${member.id}`}
            className="break-words font-medium underline-offset-4 hover:underline"
          >
            {memberName(member)}
          </Link>
          <BookingStatusBadge status={entry.status} />
        </p>
        {member.email ? (
          <p className="break-all text-xs text-muted-foreground">{member.email}</p>
        ) : null}
        {entry.checkedInAt ? (
          <p className="text-xs text-muted-foreground">
            Checked in at{' '}
            <time dateTime={entry.checkedInAt}>
              {formatClock(entry.checkedInAt, timeZone, locale)}
            </time>
          </p>
        ) : null}
        {member.membershipStatus !== 'active' ? (
          <p className="text-xs font-medium text-amber-800 dark:text-amber-300">
            Membership: {membershipLabel(member.membershipStatus)}
          </p>
        ) : null}
      </div>
      {children ? <div className="flex shrink-0 flex-wrap gap-2">{children}</div> : null}
    </li>
  );
}
