import type { PortalBooking } from '@fitbase/domain/contracts/portal';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { toast } from '../components/portal-toast';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCancelBooking } from '../api/cancel-booking';
import { useFetchCancelTerms } from '../api/get-cancel-terms';
import { useMe } from '../api/get-me';
import { useBookings } from '../api/list-bookings';
import { isUnauthorized, portalErrorMessage } from '../api/portal-fetch';
import { formatDate, formatTimeRange } from '../components/format-time';
import { HouseholdSection } from '../components/household-section';
import { PortalLoading } from '../components/portal-error';
import { OfflineNote } from '../offline/offline-note';
import { useOfflineCopy } from '../offline/use-offline-copy';
import { usePortalLocale } from '../hooks/use-portal-locale';

// The dialog (and its focus-trapping library) loads with this page, not with the portal.
const ConfirmDialog = lazy(() =>
  import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

interface PendingCancel {
  booking: PortalBooking;
  message: string;
}

/** The member's upcoming bookings (cancellable, with the terms stated first) and past visits. */
export function BookingsRoute() {
  const bookings = useBookings();
  const me = useMe();
  const fetchTerms = useFetchCancelTerms();
  const cancel = useCancelBooking();
  const [asking, setAsking] = useState<string | null>(null);
  const [pendingCancel, setPendingCancel] = useState<PendingCancel | null>(null);
  // Offline: the bookings as this browser last saw them, and no cancelling (it needs the studio).
  const { offline, asOf } = useOfflineCopy('/bookings', bookings.dataUpdatedAt);
  const offlineId = useId();

  if (bookings.error) throw bookings.error;
  if (bookings.isPending || !me.data) return <PortalLoading label="Loading your bookings…" />;
  const timeZone = me.data.studio.timeZone;

  const failed = (error: unknown) => {
    if (!isUnauthorized(error)) toast.error(portalErrorMessage(error));
  };
  const askToCancel = async (booking: PortalBooking) => {
    setAsking(booking.id);
    try {
      const terms = await fetchTerms(booking.id);
      setPendingCancel({ booking, message: terms.message });
    } catch (error) {
      failed(error);
    } finally {
      setAsking(null);
    }
  };
  const confirmCancel = () => {
    if (!pendingCancel) return;
    cancel.mutate(pendingCancel.booking.id, {
      onSuccess: () => {
        setPendingCancel(null);
        toast.success('Booking cancelled.');
      },
      onError: (error) => {
        setPendingCancel(null);
        failed(error);
      },
    });
  };

  const { upcoming, past } = bookings.data;
  return (
    <div className="space-y-8">
      <h1 className="sr-only">My bookings</h1>
      {offline ? (
        <OfflineNote
          id={offlineId}
          what="bookings"
          asOf={asOf}
          timeZone={timeZone}
          actions="Booking and cancelling need a connection."
        />
      ) : null}
      <section aria-labelledby="portal-upcoming-heading" className="space-y-2">
        <h2 id="portal-upcoming-heading" className="text-xl font-semibold">
          Upcoming
        </h2>
        {upcoming.length === 0 ? (
          <p className="text-muted-foreground">No upcoming bookings.</p>
        ) : (
          <ul className="space-y-2">
            {upcoming.map((booking) => (
              <BookingItem
                key={booking.id}
                booking={booking}
                timeZone={timeZone}
                status={
                  booking.status === 'waitlisted' ? (
                    <Badge variant="outline">
                      {booking.waitlistPosition
                        ? `Waitlist #${booking.waitlistPosition}`
                        : 'Waitlisted'}
                    </Badge>
                  ) : (
                    <BookingStatusBadge status={booking.status} />
                  )
                }
                action={
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={asking === booking.id || offline}
                    aria-describedby={
                      offline
                        ? `portal-booking-${booking.id} ${offlineId}`
                        : `portal-booking-${booking.id}`
                    }
                    onClick={() => void askToCancel(booking)}
                  >
                    Cancel booking
                  </Button>
                }
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="portal-past-heading" className="space-y-2">
        <h2 id="portal-past-heading" className="text-xl font-semibold">
          Past
        </h2>
        {past.length === 0 ? (
          <p className="text-muted-foreground">No past visits yet.</p>
        ) : (
          <ul className="space-y-2">
            {past.map((booking) => (
              <BookingItem
                key={booking.id}
                booking={booking}
                timeZone={timeZone}
                status={<BookingStatusBadge status={booking.status} />}
              />
            ))}
          </ul>
        )}
      </section>
      <HouseholdSection timeZone={timeZone} />
      <Suspense fallback={null}>
        <ConfirmDialog
          open={pendingCancel !== null}
          onOpenChange={(open) => {
            if (!open) setPendingCancel(null);
          }}
          title="Cancel booking?"
          description={pendingCancel?.message ?? ''}
          confirmLabel="Cancel booking"
          cancelLabel="Keep booking"
          destructive
          pending={cancel.isPending}
          closeOnConfirm={false}
          onConfirm={confirmCancel}
        />
      </Suspense>
    </div>
  );
}

function BookingItem({
  booking,
  timeZone,
  status,
  action,
}: {
  booking: PortalBooking;
  timeZone: string;
  status: ReactNode;
  action?: ReactNode;
}) {
  const details = [booking.trainerName, booking.room].filter(Boolean).join(' · ');
  const locale = usePortalLocale();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-3">
      <div className="min-w-0 space-y-0.5">
        <h3 id={`portal-booking-${booking.id}`} className="font-medium">
          {booking.sessionName}
        </h3>
        <p className="text-sm tabular-nums text-muted-foreground">
          {formatDate(booking.startsAt, timeZone, locale)},{' '}
          {formatTimeRange(booking.startsAt, booking.endsAt, timeZone, locale)}
        </p>
        {details ? <p className="text-sm text-muted-foreground">{details}</p> : null}
        <div className="pt-1">{status}</div>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </li>
  );
}
