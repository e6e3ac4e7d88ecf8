import { DEFAULT_LOCALE } from '@fitbase/domain/studio-format';
import { CalendarDays } from 'lucide-react';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMemberBookings } from '../../api/list-member-bookings';

/** A session's date and time in the studio's time zone, e.g. "Mon, Mar 3, 2025, 7:00 AM". */
export function formatSessionStart(
  iso: string,
  timeZone: string,
  locale: string = DEFAULT_LOCALE,
): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/** The member's class and appointment bookings with their status, newest session first. */
export function MemberBookings({ memberId, timeZone }: { memberId: string; timeZone: string }) {
  const { data, isPending, isError } = useMemberBookings(memberId);
  const { locale } = useStudioFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Bookings</h2>
        </CardTitle>
        <CardDescription>Classes and appointments with attendance, newest first</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load bookings
          </p>
        ) : data.bookings.length === 0 ? (
          <p className="text-sm text-muted-foreground">No bookings yet</p>
        ) : (
          <ul aria-label="Bookings" className="space-y-3">
            {data.bookings.map((booking) => (
              <li key={booking.id} className="flex items-start gap-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <CalendarDays className="size-4" aria-hidden />
                </span>
                <div className="min-w-0 flex-1 space-y-0.5">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    <span className="break-words">{booking.session.name}</span>
                    <BookingStatusBadge status={booking.status} />
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={booking.session.startsAt}>
                      {formatSessionStart(booking.session.startsAt, timeZone, locale)}
                    </time>
                    {booking.session.trainerName ? ` · with ${booking.session.trainerName}` : ''}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
