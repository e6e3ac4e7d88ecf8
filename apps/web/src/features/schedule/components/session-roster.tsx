import type { Roster, RosterEntry } from '@fitbase/domain/contracts/bookings';
import { can } from '@fitbase/domain/permissions';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { MembershipConfirmDialog } from '@/components/membership-confirm-dialog';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api/api-error';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useCancelBooking } from '../api/cancel-booking';
import { useCheckInBooking } from '../api/check-in';
import { useCloseSession } from '../api/close-session';
import { useRoster } from '../api/get-roster';
import { useUndoCheckIn } from '../api/undo-check-in';
import { BookMemberDialog } from './book-member-dialog';
import { CancelBookingDialog, CloseAttendanceDialog } from './roster-dialogs';
import { memberName } from './roster-format';
import { RosterRow } from './roster-row';

const PLACE_STATUSES = new Set(['booked', 'attended', 'no_show']);
const CANCELLED_STATUSES = new Set(['cancelled', 'late_cancelled']);

/** Bookings that hold a place, the waitlist in order, and the cancelled ones. */
function groupRoster(bookings: RosterEntry[]) {
  return {
    places: bookings.filter((entry) => PLACE_STATUSES.has(entry.status)),
    waitlist: bookings
      .filter((entry) => entry.status === 'waitlisted')
      .sort((a, b) => (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0)),
    cancelled: bookings.filter((entry) => CANCELLED_STATUSES.has(entry.status)),
  };
}

/** Members who may not be booked again: they hold a place or a waitlist place already. */
function liveMemberIds(bookings: RosterEntry[]): Set<string> {
  return new Set(
    bookings.filter((entry) => !CANCELLED_STATUSES.has(entry.status)).map((e) => e.member.id),
  );
}

/**
 * The roster of one session (docs/product/schedule.md): who is booked, the waitlist with its
 * positions and who cancelled; check in, undo, cancel, book a member and close attendance.
 * Its query lives under the organization's 'schedule' key, so live events refresh it.
 */
export function SessionRoster({ sessionId }: { sessionId: string }) {
  const { organization, role } = useCurrentOrganization();
  const roster = useRoster(sessionId);

  if (roster.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (roster.isError) {
    const notFound = roster.error instanceof ApiError && roster.error.status === 404;
    return (
      <p role="alert" className="text-sm text-destructive">
        {notFound ? 'Session not found' : 'Failed to load the roster'}
      </p>
    );
  }
  return (
    <RosterView
      timeZone={organization?.timezone ?? 'UTC'}
      canBook={can(role, 'schedule.book')}
      roster={roster.data}
    />
  );
}

interface RosterViewProps {
  timeZone: string;
  canBook: boolean;
  roster: Roster;
}

function RosterView({ timeZone, canBook, roster }: RosterViewProps) {
  const { session, bookings } = roster;
  const groups = useMemo(() => groupRoster(bookings), [bookings]);
  const excluded = useMemo(() => liveMemberIds(bookings), [bookings]);
  const [booking, setBooking] = useState(false);
  const [cancelling, setCancelling] = useState<RosterEntry | null>(null);
  const [closing, setClosing] = useState(false);
  const [closedHere, setClosedHere] = useState(false);
  const [confirming, setConfirming] = useState<{ entry: RosterEntry; message: string } | null>(
    null,
  );

  const checkIn = useCheckInBooking();
  const undo = useUndoCheckIn();
  const cancel = useCancelBooking();
  const close = useCloseSession(session.id);

  const cancelledSession = session.status === 'cancelled';
  const now = Date.now();
  const started = new Date(session.startsAt).getTime() <= now;
  // A session that is over takes no new bookings (the server refuses them too).
  const ended = new Date(session.endsAt).getTime() <= now;
  // Closing turns every remaining booking into a no-show, so a no-show means it was closed.
  const closed = closedHere || bookings.some((entry) => entry.status === 'no_show');
  const open = canBook && !cancelledSession && !closed;
  const stillBooked = groups.places.filter((entry) => entry.status === 'booked').length;

  const busy = checkIn.isPending || undo.isPending || cancel.isPending || close.isPending;

  const runCheckIn = (entry: RosterEntry, confirm = false) =>
    checkIn.mutate(
      { bookingId: entry.id, confirm },
      {
        onSuccess: () => toast.success(`${memberName(entry.member)} checked in`),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'membership_not_active' && !confirm) {
            setConfirming({ entry, message: error.message });
            return;
          }
          reportError(error, { fallback: 'Failed to check in member' });
        },
      },
    );

  const runUndo = (entry: RosterEntry) =>
    undo.mutate(entry.id, {
      onSuccess: () => toast.success(`Check-in undone for ${memberName(entry.member)}`),
      onError: (error) => reportError(error, { fallback: 'Failed to undo the check-in' }),
    });

  const runCancel = (entry: RosterEntry) =>
    cancel.mutate(entry.id, {
      onSuccess: (result) => {
        const name = memberName(entry.member);
        if (entry.status === 'waitlisted')
          toast.success('Removed from the waitlist', { description: name });
        else if (result.status === 'late_cancelled')
          toast.success('Booking cancelled: late cancel', {
            description: `${name} cancelled inside the late-cancel window`,
          });
        else toast.success('Booking cancelled', { description: name });
      },
      onError: (error) => reportError(error, { fallback: 'Failed to cancel booking' }),
    });

  const runClose = () =>
    close.mutate(undefined, {
      onSuccess: ({ noShows }) => {
        setClosedHere(true);
        toast.success(`${noShows} marked no-show`);
      },
      onError: (error) => reportError(error, { fallback: 'Failed to close attendance' }),
    });

  const cancelButton = (entry: RosterEntry) => (
    <Button
      size="sm"
      variant="outline"
      disabled={busy}
      onClick={() => setCancelling(entry)}
      aria-label={`Cancel booking of ${memberName(entry.member)}`}
    >
      Cancel booking
    </Button>
  );

  return (
    <div className="space-y-5">
      {open ? (
        <div className="flex flex-wrap gap-2">
          {ended ? null : (
            <Button size="sm" onClick={() => setBooking(true)} disabled={busy}>
              Book member
            </Button>
          )}
          {started ? (
            <Button size="sm" variant="outline" onClick={() => setClosing(true)} disabled={busy}>
              Close attendance
            </Button>
          ) : null}
        </div>
      ) : null}
      {cancelledSession ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          This session was cancelled; its bookings were cancelled with it.
        </p>
      ) : closed ? (
        <p className="text-sm text-muted-foreground">Attendance is closed for this session.</p>
      ) : null}

      <RosterSection title="Booked" empty="No one is booked yet" count={groups.places.length}>
        {groups.places.map((entry) => (
          <RosterRow key={entry.id} entry={entry} timeZone={timeZone}>
            {open && entry.status === 'booked' ? (
              <>
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() => runCheckIn(entry)}
                  aria-label={`Check in ${memberName(entry.member)}`}
                >
                  Check in
                </Button>
                {cancelButton(entry)}
              </>
            ) : open && entry.status === 'attended' ? (
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => runUndo(entry)}
                aria-label={`Undo check-in of ${memberName(entry.member)}`}
              >
                Undo
              </Button>
            ) : null}
          </RosterRow>
        ))}
      </RosterSection>

      <RosterSection title="Waitlist" empty="No one is waiting" count={groups.waitlist.length}>
        {groups.waitlist.map((entry) => (
          <RosterRow key={entry.id} entry={entry} timeZone={timeZone}>
            {open ? cancelButton(entry) : null}
          </RosterRow>
        ))}
      </RosterSection>

      {groups.cancelled.length > 0 ? (
        <RosterSection title="Cancelled" empty="" count={groups.cancelled.length}>
          {groups.cancelled.map((entry) => (
            <RosterRow key={entry.id} entry={entry} timeZone={timeZone} />
          ))}
        </RosterSection>
      ) : null}

      {booking ? (
        <BookMemberDialog
          sessionId={session.id}
          excludedMemberIds={excluded}
          open={booking}
          onOpenChange={setBooking}
        />
      ) : null}
      <CancelBookingDialog
        entry={cancelling}
        onOpenChange={(next) => (next ? undefined : setCancelling(null))}
        onConfirm={(entry) => {
          setCancelling(null);
          runCancel(entry);
        }}
      />
      <CloseAttendanceDialog
        open={closing}
        stillBooked={stillBooked}
        onOpenChange={setClosing}
        onConfirm={() => {
          setClosing(false);
          runClose();
        }}
      />
      <MembershipConfirmDialog
        message={confirming?.message ?? null}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) runCheckIn(confirming.entry, true);
          setConfirming(null);
        }}
      />
    </div>
  );
}

function RosterSection({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-1">
      <h3 id={id} className="text-sm font-semibold">
        {title} ({count})
      </h3>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="divide-y">
          {children}
        </ul>
      )}
    </section>
  );
}
