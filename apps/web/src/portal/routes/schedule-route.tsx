import type { PortalSession, PortalWeek } from '@fitbase/domain/contracts/portal';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../components/portal-toast';
import { Button } from '@/components/ui/button';
import { useBookSession } from '../api/book-session';
import { useMe } from '../api/get-me';
import { usePublicWeek } from '../api/get-public-week';
import { useWeek } from '../api/get-week';
import { isUnauthorized, portalErrorMessage } from '../api/portal-fetch';
import { leaveTarget } from '../components/framed';
import {
  addDays,
  dayKey,
  formatDayHeading,
  formatDayTime,
  formatWeekRange,
} from '../components/format-time';
import { PortalLoading } from '../components/portal-error';
import { type SessionActionProps, SessionItem } from '../components/session-item';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { useWaiverRefusal } from '../components/waiver-required-notice';
import { useOnline } from '../offline/use-offline-copy';
import { usePortalLocale } from '../hooks/use-portal-locale';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The studio's classes of a week (`?from=YYYY-MM-DD`, this week when absent), day by day.
 * Signed in, the member's week with `Book`; signed out (the public schedule, perhaps framed by
 * the studio's website), the studio's week with `Sign in to book`.
 */
export function ScheduleRoute() {
  const me = useMe();
  return me.data ? <MemberSchedule /> : <PublicSchedule />;
}

function useFromParam(): string | null {
  const [params] = useSearchParams();
  const fromParam = params.get('from');
  return fromParam && DAY_PATTERN.test(fromParam) ? fromParam : null;
}

function MemberSchedule() {
  const week = useWeek(useFromParam());
  const book = useBookSession();
  const waiver = useWaiverRefusal();
  const online = useOnline();
  const offlineId = useId();
  const slug = usePortalSlug();
  const locale = usePortalLocale();

  const onBook = (session: PortalSession, timeZone: string) =>
    book.mutate(session.id, {
      onSuccess: (booking) =>
        toast.success(
          booking.status === 'waitlisted'
            ? `You are #${booking.waitlistPosition ?? '?'} on the waitlist.`
            : `Booked: ${booking.sessionName} on ${formatDayTime(booking.startsAt, timeZone, locale)}.`,
        ),
      onError: (error) => {
        if (waiver.handle(error)) return;
        if (!isUnauthorized(error)) toast.error(portalErrorMessage(error));
      },
    });

  // The week is not kept for offline use (the bookings and the check-in code are).
  const offlineNote = online ? null : (
    <p id={offlineId} role="status" className="rounded-lg border border-dashed p-3 text-sm">
      You are offline. Booking needs a connection.{' '}
      <Link to={`/m/${slug}/bookings`} className="underline">
        My bookings
      </Link>{' '}
      are kept on this device.
    </p>
  );
  if (!online && !week.data) return offlineNote;
  return (
    <div className="space-y-4">
      {offlineNote}
      {waiver.notice}
      <WeekView
        week={week}
        action={(session, timeZone) => ({
          pending: book.isPending && book.variables === session.id,
          onBook: () => onBook(session, timeZone),
          offlineNoteId: online ? undefined : offlineId,
        })}
      />
    </div>
  );
}

function PublicSchedule() {
  const signIn = { to: `/m/${usePortalSlug()}`, target: leaveTarget() };
  const week = usePublicWeek(useFromParam());
  return <WeekView week={week} action={() => ({ signIn })} />;
}

function WeekView({
  week,
  action,
}: {
  week: UseQueryResult<PortalWeek>;
  action: (session: PortalSession, timeZone: string) => SessionActionProps;
}) {
  const [, setParams] = useSearchParams();
  const locale = usePortalLocale();

  // A 401 ends the session (the query client): the public week follows, nothing to show here.
  if (week.error && !isUnauthorized(week.error)) throw week.error;
  if (week.isPending || week.isError) return <PortalLoading label="Loading the schedule…" />;

  const { timeZone, sessions } = week.data;
  const today = dayKey(new Date(), timeZone);
  const days = groupByDay(sessions, timeZone);
  const goTo = (day: string) => setParams(day <= today ? {} : { from: day });

  return (
    <section aria-labelledby="portal-schedule-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 id="portal-schedule-heading" className="text-xl font-semibold">
            Schedule
          </h1>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {formatWeekRange(week.data.from, addDays(week.data.from, 6), locale)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={week.data.from <= today || week.isPlaceholderData}
            onClick={() => goTo(addDays(week.data.from, -7))}
          >
            <ChevronLeft aria-hidden />
            Previous week
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={week.isPlaceholderData}
            onClick={() => goTo(addDays(week.data.from, 7))}
          >
            Next week
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
      {days.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          No classes this week.
        </p>
      ) : (
        days.map((day) => (
          <section key={day.key} aria-labelledby={`portal-day-${day.key}`} className="space-y-2">
            <h2 id={`portal-day-${day.key}`} className="text-sm font-semibold">
              {formatDayHeading(day.sessions[0]!.startsAt, timeZone, locale)}
            </h2>
            <ul className="space-y-2">
              {day.sessions.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  timeZone={timeZone}
                  {...action(session, timeZone)}
                />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

function groupByDay(sessions: PortalSession[], timeZone: string) {
  const days = new Map<string, PortalSession[]>();
  const sorted = [...sessions].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  for (const session of sorted) {
    const key = dayKey(session.startsAt, timeZone);
    const list = days.get(key);
    if (list) list.push(session);
    else days.set(key, [session]);
  }
  return [...days].map(([key, list]) => ({ key, sessions: list }));
}
