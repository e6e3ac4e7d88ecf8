import { addDays, localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import { KIOSK_REFUSALS, type KioskRefusal } from '@fitbase/domain/kiosk-constants';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  kioskBookings,
  kioskSessions,
  type KioskMemberRow,
  type KioskSessionRow,
} from './kiosk-roster.sql.ts';

/**
 * What a kiosk decides with, online and for its offline queue alike (docs/product/kiosk.md#checking-in):
 * the studio's day, the check-in window, and the member-facing refusals. The booking and visit
 * rules themselves are the front desk's (bookings/check-in.service.ts).
 */

/** The studio's local date at `now` and the instants its day starts and ends. */
export function studioDay(now: Date, timeZone: string) {
  const date = localDateOf(now, timeZone);
  return {
    date,
    from: zonedInstant(date, '00:00', timeZone),
    to: zonedInstant(addDays(date, 1), '00:00', timeZone),
  };
}

export interface CheckInWindow {
  windowBeforeMinutes: number;
  windowAfterMinutes: number;
}

/** The session's check-in window holds `now`: from `before` minutes before its start to `after` after. */
export function inWindow(session: { starts_at: string }, window: CheckInWindow, now: Date) {
  const start = new Date(session.starts_at).getTime();
  return (
    now.getTime() >= start - window.windowBeforeMinutes * 60_000 &&
    now.getTime() <= start + window.windowAfterMinutes * 60_000
  );
}

const nearest = (sessions: KioskSessionRow[], now: Date) =>
  [...sessions].sort(
    (a, b) =>
      Math.abs(new Date(a.starts_at).getTime() - now.getTime()) -
        Math.abs(new Date(b.starts_at).getTime() - now.getTime()) ||
      a.starts_at.localeCompare(b.starts_at),
  )[0] ?? null;

/**
 * The session a member checking in at `now` is checked in to: among the sessions whose window
 * holds `now` (not closed), the nearest one they are booked into (booked, checked in or
 * waitlisted), else the nearest class, to walk in to (courses and appointments are never walked
 * in to; a full one refuses), else none: a plain visit.
 */
export async function chooseSession(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  window: CheckInWindow,
  now: Date,
): Promise<KioskSessionRow | null> {
  // The sessions starting from `after` minutes ago to `before` minutes ahead: those whose
  // window holds `now` (past midnight too: a class at 00:15 opens the evening before).
  const from = new Date(now.getTime() - window.windowAfterMinutes * 60_000);
  const to = new Date(now.getTime() + window.windowBeforeMinutes * 60_000 + 1);
  const open = (await kioskSessions(db, organizationId, from, to)).filter(
    (s) => !s.closed && inWindow(s, window, now),
  );
  if (open.length === 0) return null;
  const booked = new Set(
    (
      await kioskBookings(
        db,
        organizationId,
        open.map((s) => s.id),
        [memberId],
      )
    ).map((b) => b.session_id),
  );
  const mine = nearest(
    open.filter((s) => booked.has(s.id)),
    now,
  );
  if (mine) return mine;
  return nearest(
    open.filter((s) => s.kind === 'class' && new Date(s.ends_at) > now),
    now,
  );
}

/** The refusals a member's state alone decides, before any session is looked at. */
const STATE_REFUSALS: ReadonlyArray<KioskRefusal> = [
  'membership_not_active',
  'payment_past_due',
  'waiver_required',
];

export function stateRefusal(member: KioskMemberRow): KioskRefusal | null {
  return (STATE_REFUSALS as string[]).includes(member.state)
    ? (member.state as KioskRefusal)
    : null;
}

/** A refusal on the kiosk's screen: the member-facing text of its code (409). */
export function kioskRefusal(code: KioskRefusal): AppError {
  return new AppError(code, KIOSK_REFUSALS[code]);
}

/**
 * The front desk's refusal, told to the member at the door: its code's member-facing text (a
 * weekly class limit reads as no credits). Other errors pass as they are.
 */
export function toMemberFacing(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'weekly_limit_reached') return kioskRefusal('no_credits');
  if (error.code in KIOSK_REFUSALS) return kioskRefusal(error.code as KioskRefusal);
  return error;
}

export const fullName = (m: { first_name: string; last_name: string }) =>
  `${m.first_name} ${m.last_name}`.trim();

/**
 * Why staff see a queued check-in in `Kiosk exceptions`: the refusal the server would have
 * given, in the front desk's words (docs/product/kiosk.md#offline).
 */
export function staffMessage(member: KioskMemberRow, code: string, message?: string): string {
  const name = fullName(member);
  if (code === 'membership_not_active')
    return `${name}'s membership is ${member.membership_status}.`;
  if (code === 'payment_past_due') return `${name} has a payment past due.`;
  if (code === 'waiver_required') return `${name} has not signed the studio's current waiver.`;
  // The front desk's own text, less its question (nobody is there to answer it).
  return (message ?? code).replace(/\s*Check in anyway\?$/, '');
}
