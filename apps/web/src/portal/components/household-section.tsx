import type { PortalHousehold } from '@fitbase/domain/contracts/households';
import { useId, useState } from 'react';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { Button } from '@/components/ui/button';
import { useBookForDependent, useDependentBookings, useHousehold } from '../api/household';
import { useWeek } from '../api/get-week';
import { isUnauthorized, portalErrorMessage } from '../api/portal-fetch';
import { formatDate, formatDayTime, formatTimeRange } from './format-time';
import { toast } from './portal-toast';
import { usePortalLocale } from '../hooks/use-portal-locale';

type Member = NonNullable<PortalHousehold['household']>['members'][number];

/**
 * The household on My bookings (docs/product/member-portal.md#household): its payer sees each
 * other member's upcoming classes and books one of this week's for them. Shown to the payer only;
 * a member in no household (or a failed load) sees nothing here.
 */
export function HouseholdSection({ timeZone }: { timeZone: string }) {
  const household = useHousehold();
  const data = household.data?.household;
  if (!data?.isPayer) return null;
  const others = data.members.filter((m) => !m.isMe);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="portal-household-heading" className="space-y-4">
      <h2 id="portal-household-heading" className="text-xl font-semibold">
        Household
      </h2>
      {others.map((member) => (
        <DependentBookings key={member.id} member={member} timeZone={timeZone} />
      ))}
    </section>
  );
}

function DependentBookings({ member, timeZone }: { member: Member; timeZone: string }) {
  const name = `${member.firstName} ${member.lastName}`.trim();
  const bookings = useDependentBookings(member.id);
  const headingId = useId();
  const locale = usePortalLocale();
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-lg border p-3">
      <h3 id={headingId} className="font-medium">
        {name}
      </h3>
      {bookings.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : bookings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {portalErrorMessage(bookings.error)}
        </p>
      ) : bookings.data.upcoming.length === 0 ? (
        <p className="text-sm text-muted-foreground">No upcoming bookings.</p>
      ) : (
        <ul className="space-y-1" aria-label={`${name}'s bookings`}>
          {bookings.data.upcoming.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{b.sessionName}</span>
              <span className="tabular-nums text-muted-foreground">
                {formatDate(b.startsAt, timeZone, locale)},{' '}
                {formatTimeRange(b.startsAt, b.endsAt, timeZone, locale)}
              </span>
              <BookingStatusBadge status={b.status} />
            </li>
          ))}
        </ul>
      )}
      <BookForMember member={member} name={name} timeZone={timeZone} />
    </section>
  );
}

function BookForMember({
  member,
  name,
  timeZone,
}: {
  member: Member;
  name: string;
  timeZone: string;
}) {
  const week = useWeek(null);
  const book = useBookForDependent(member.id);
  const [sessionId, setSessionId] = useState('');
  const selectId = useId();
  const locale = usePortalLocale();
  const sessions = (week.data?.sessions ?? []).filter(
    (s) => s.status === 'scheduled' && Date.parse(s.startsAt) > Date.now(),
  );
  if (sessions.length === 0) return null;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!sessionId) return;
        book.mutate(sessionId, {
          onSuccess: (booking) => {
            setSessionId('');
            toast.success(
              booking.status === 'waitlisted'
                ? `${name} is #${booking.waitlistPosition ?? '?'} on the waitlist.`
                : `Booked for ${name}: ${booking.sessionName} on ${formatDayTime(booking.startsAt, timeZone, locale)}.`,
            );
          },
          onError: (error) => {
            if (!isUnauthorized(error)) toast.error(portalErrorMessage(error));
          },
        });
      }}
    >
      <label htmlFor={selectId} className="space-y-1 text-sm">
        <span className="block">{`Book a class for ${member.firstName}`}</span>
        <select
          id={selectId}
          className="h-9 rounded-md border bg-background px-2"
          value={sessionId}
          onChange={(event) => setSessionId(event.target.value)}
        >
          <option value="">Choose a class</option>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {`${s.name} · ${formatDayTime(s.startsAt, timeZone, locale)}`}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" size="sm" disabled={!sessionId || book.isPending}>
        Book
      </Button>
    </form>
  );
}
