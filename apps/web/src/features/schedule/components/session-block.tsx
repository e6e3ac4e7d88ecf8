import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import type { CSSProperties } from 'react';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { cn } from '@/lib/utils';
import { formatTimeRange } from '../lib/schedule-dates';
import { sessionAccessibleName } from '../lib/week-layout';
import { CapacityBadge } from './capacity-badge';

interface SessionBlockProps {
  session: SessionSummary;
  timeZone: string;
  /** The colour stripe: the class's colour, or the trainer's for an appointment. */
  color: string;
  onOpen: (session: SessionSummary) => void;
  className?: string;
  style?: CSSProperties;
  /** Roomy blocks (day view, agenda) show the room and the capacity word as well. */
  detailed?: boolean;
}

/**
 * One session as a button: its name, time, booked/capacity and trainer; cancelled sessions are
 * struck through and say so. Times are in the studio's locale ("7:00 – 8:00 AM" en-US, "07:00–08:00"
 * en-GB). Screen readers get one sentence ("Morning Yoga, Mon 7:00 – 8:00 AM, 8 of 12 booked, with
 * Alex Kim") in place of the stacked lines, which browsers would otherwise
 * join with stray spaces.
 */
export function SessionBlock({
  session,
  timeZone,
  color,
  onOpen,
  className,
  style,
  detailed = false,
}: SessionBlockProps) {
  const { locale } = useStudioFormat();
  const cancelled = session.status === 'cancelled';
  return (
    <button
      type="button"
      onClick={() => onOpen(session)}
      className={cn(
        'flex w-full flex-col items-start gap-0.5 overflow-hidden rounded-md border border-l-4 bg-card px-2 py-1 text-left text-xs shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
        cancelled && 'bg-muted text-muted-foreground',
        className,
      )}
      style={{ ...style, borderLeftColor: color }}
      data-kind={session.kind}
      data-status={session.status}
    >
      <span className="sr-only">{sessionAccessibleName(session, timeZone, locale)}</span>
      <span className={cn('w-full truncate font-medium', cancelled && 'line-through')} aria-hidden>
        {session.name}
      </span>
      <span className="tabular-nums" aria-hidden>
        {formatTimeRange(session.startsAt, session.endsAt, timeZone, locale)}
      </span>
      {cancelled ? null : (
        <CapacityBadge
          booked={session.bookedCount}
          capacity={session.capacity}
          showLabel={detailed}
          aria-hidden
        />
      )}
      {session.trainer ? (
        <span className="w-full truncate" aria-hidden>
          {session.trainer.name}
        </span>
      ) : null}
      {detailed && session.facility ? (
        <span className="w-full truncate" aria-hidden>
          {session.facility.name}
        </span>
      ) : null}
      {session.kind === 'appointment' ? <span aria-hidden>Appointment</span> : null}
      {cancelled ? (
        <span className="rounded border border-current px-1 font-medium" aria-hidden>
          Cancelled
        </span>
      ) : null}
    </button>
  );
}
