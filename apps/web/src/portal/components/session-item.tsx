import type { PortalSession } from '@fitbase/domain/contracts/portal';
import { useId } from 'react';
import { Link } from 'react-router';
import { BOOKING_STATUS_LABELS } from '@/components/booking-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { formatTimeRange } from './format-time';
import { usePortalLocale } from '../hooks/use-portal-locale';

/** Signed out: where `Sign in to book` leads, and its target (the whole window when framed). */
export interface SignInLink {
  to: string;
  target?: '_top';
}

/** The action of a session: booking (signed in) or a link to sign in first (the public week). */
export type SessionActionProps =
  | {
      /** This session's booking request is under way. */
      pending: boolean;
      onBook: (session: PortalSession) => void;
      /** Offline: `Book` is disabled, described by this note (why). */
      offlineNoteId?: string;
      signIn?: undefined;
    }
  | { signIn: SignInLink; pending?: undefined; onBook?: undefined; offlineNoteId?: undefined };

/** One class of the week: when, what, who and where, places left and the member's action. */
export function SessionItem({
  session,
  timeZone,
  ...action
}: { session: PortalSession; timeZone: string } & SessionActionProps) {
  const cancelled = session.status === 'cancelled';
  const full = session.placesLeft <= 0;
  const details = [session.trainerName, session.room].filter(Boolean).join(' · ');
  const nameId = useId();
  const locale = usePortalLocale();
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border p-3">
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm tabular-nums text-muted-foreground">
          {formatTimeRange(session.startsAt, session.endsAt, timeZone, locale)}
        </p>
        <h3 id={nameId} className={cancelled ? 'font-medium line-through' : 'font-medium'}>
          {session.name}
        </h3>
        {details ? <p className="text-sm text-muted-foreground">{details}</p> : null}
        {cancelled ? null : (
          <p className="text-sm">{full ? 'Full' : `${placesLeft(session.placesLeft)} left`}</p>
        )}
        {cancelled || !session.myCost || session.myBooking?.status === 'booked' ? null : (
          <ClassCostNote cost={session.myCost} />
        )}
      </div>
      <div className="shrink-0 pt-0.5">
        <SessionAction session={session} nameId={nameId} {...action} />
      </div>
    </li>
  );
}

/** What booking this class costs the member (from their membership or packs). */
function ClassCostNote({ cost }: { cost: NonNullable<PortalSession['myCost']> }) {
  const slug = usePortalSlug();
  if (cost.kind === 'included')
    return <p className="text-sm text-muted-foreground">Included in {cost.planName}</p>;
  if (cost.kind === 'credit')
    return (
      <p className="text-sm text-muted-foreground">
        1 credit of {cost.planName} ({cost.creditsLeft} left)
      </p>
    );
  return (
    <p className="text-sm text-muted-foreground">
      No membership or credits for this day.{' '}
      <Link to={`/m/${slug}/buy`} className="underline underline-offset-2">
        Buy
      </Link>
    </p>
  );
}

function placesLeft(count: number): string {
  return count === 1 ? '1 place' : `${count} places`;
}

function SessionAction({
  session,
  nameId,
  pending,
  onBook,
  offlineNoteId,
  signIn,
}: {
  session: PortalSession;
  /** The class name's element: the button's description ("Book", which class). */
  nameId: string;
} & SessionActionProps) {
  if (session.status === 'cancelled') return <Badge variant="secondary">Cancelled</Badge>;
  if (signIn) {
    return (
      <Button asChild size="sm" variant="outline">
        <Link to={signIn.to} target={signIn.target} aria-describedby={nameId}>
          Sign in to book
        </Link>
      </Button>
    );
  }
  const mine = session.myBooking;
  if (mine?.status === 'waitlisted') {
    return (
      <Badge variant="outline">
        {mine.waitlistPosition ? `Waitlist #${mine.waitlistPosition}` : 'Waitlisted'}
      </Badge>
    );
  }
  if (mine && mine.status !== 'cancelled' && mine.status !== 'late_cancelled') {
    return <Badge>{BOOKING_STATUS_LABELS[mine.status]}</Badge>;
  }
  const label = session.placesLeft <= 0 ? 'Join waitlist' : 'Book';
  return (
    <Button
      size="sm"
      variant={session.placesLeft <= 0 ? 'outline' : 'default'}
      disabled={pending || offlineNoteId !== undefined}
      aria-describedby={offlineNoteId ? `${nameId} ${offlineNoteId}` : nameId}
      onClick={() => onBook(session)}
    >
      {label}
    </Button>
  );
}
