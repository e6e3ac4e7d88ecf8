import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { formatLocalDate, formatTimeRange, localDateOf, localMinutesOf } from './schedule-dates';

/**
 * Where each session sits in the week or day grid: its day column, its top and height on the
 * hour scale, and its lane when sessions overlap (appointments beside classes). Pure, so the
 * grid and the phone agenda share it and tests can read it.
 */
export interface PlacedSession {
  session: SessionSummary;
  /** Minutes after local midnight (a session running past midnight ends at 24:00 here). */
  startMinute: number;
  endMinute: number;
  /** 0-based lane among the sessions it overlaps, and how many lanes that group needs. */
  lane: number;
  lanes: number;
}

export interface DayColumn {
  date: string;
  sessions: PlacedSession[];
}

const DAY_MINUTES = 24 * 60;
const MIN_HEIGHT_MINUTES = 15;

function byStart(a: SessionSummary, b: SessionSummary): number {
  return (
    a.startsAt.localeCompare(b.startsAt) ||
    a.endsAt.localeCompare(b.endsAt) ||
    a.name.localeCompare(b.name)
  );
}

/** Sessions grouped by local day in the order a keyboard should meet them. */
export function layoutWeek(
  sessions: ReadonlyArray<SessionSummary>,
  days: ReadonlyArray<string>,
  timeZone: string,
): DayColumn[] {
  const byDay = new Map<string, SessionSummary[]>(days.map((d) => [d, []]));
  for (const session of sessions) byDay.get(localDateOf(session.startsAt, timeZone))?.push(session);
  return days.map((date) => ({
    date,
    sessions: placeDay(byDay.get(date)!.sort(byStart), date, timeZone),
  }));
}

function placeDay(sessions: SessionSummary[], date: string, timeZone: string): PlacedSession[] {
  const placed: PlacedSession[] = sessions.map((session) => {
    const startMinute = localMinutesOf(session.startsAt, timeZone);
    const endsSameDay = localDateOf(session.endsAt, timeZone) === date;
    const end = endsSameDay ? localMinutesOf(session.endsAt, timeZone) : DAY_MINUTES;
    return {
      session,
      startMinute,
      endMinute: Math.max(end, startMinute + MIN_HEIGHT_MINUTES),
      lane: 0,
      lanes: 1,
    };
  });
  // Overlapping sessions form a group; each takes the first lane free at its start.
  let group: PlacedSession[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    const lanes = Math.max(1, ...group.map((p) => p.lane + 1));
    for (const p of group) p.lanes = lanes;
    group = [];
  };
  for (const p of placed) {
    if (p.startMinute >= groupEnd) {
      closeGroup();
      groupEnd = -1;
    }
    const laneEnds = new Map<number, number>();
    for (const other of group)
      laneEnds.set(other.lane, Math.max(laneEnds.get(other.lane) ?? 0, other.endMinute));
    let lane = 0;
    while ((laneEnds.get(lane) ?? -1) > p.startMinute) lane += 1;
    p.lane = lane;
    group.push(p);
    groupEnd = Math.max(groupEnd, p.endMinute);
  }
  closeGroup();
  return placed;
}

/** The hours the grid shows: 06:00–22:00 at least, widened to every session shown. */
export function visibleHours(columns: ReadonlyArray<DayColumn>): { first: number; last: number } {
  let first = 6;
  let last = 22;
  for (const column of columns) {
    for (const p of column.sessions) {
      first = Math.min(first, Math.floor(p.startMinute / 60));
      last = Math.max(last, Math.ceil(p.endMinute / 60));
    }
  }
  return { first, last: Math.min(last, 24) };
}

/**
 * What a screen reader says for a session button, its times in the studio's locale:
 * "Morning Yoga, Mon 7:00 – 8:00 AM, 8 of 12 booked, with Alex Kim" (en-US).
 */
export function sessionAccessibleName(
  session: SessionSummary,
  timeZone: string,
  locale: string,
): string {
  const day = formatLocalDate(localDateOf(session.startsAt, timeZone), 'EEE');
  const parts = [
    session.name,
    `${day} ${formatTimeRange(session.startsAt, session.endsAt, timeZone, locale)}`,
  ];
  if (session.status !== 'cancelled')
    parts.push(`${session.bookedCount} of ${session.capacity} booked`);
  if (session.trainer) parts.push(`with ${session.trainer.name}`);
  if (session.kind === 'appointment') parts.push('Appointment');
  if (session.status === 'cancelled') parts.push('Cancelled');
  return parts.join(', ');
}
