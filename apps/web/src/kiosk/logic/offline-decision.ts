import type { KioskRoster, KioskSettings } from '@fitbase/domain/contracts/kiosk';
import {
  KIOSK_FAILED_TRIES,
  KIOSK_FAILED_WINDOW_MINUTES,
  type KioskRefusal,
} from '@fitbase/domain/kiosk-constants';

/**
 * What the kiosk decides against its cached list when the server cannot be reached
 * (docs/product/kiosk.md, offline). The same rules as the server's, in the same order: who it is,
 * whether they may come in, whether they just did, and which of today's classes it is for.
 * Pure: no clock, no storage, no network; the caller passes `now` and keeps the results.
 */

export type RosterMemberRow = KioskRoster['members'][number];

export interface RosterMember {
  memberNumber: number;
  firstName: string;
  photoUrl: string | null;
  state: RosterMemberRow[5];
}

/** How a member was identified, already hashed where the cached list holds hashes. */
export type MemberKey = { codeHash: string } | { pinHash: string } | { memberNumber: number };

/** The same member again within this time counts once (the server's rule). */
export const DUPLICATE_WINDOW_MS = 60_000;

/** A check-in this kiosk accepted (online or offline): for counting a second scan once. */
export interface RecentCheckIn {
  memberNumber: number;
  at: number;
}

export type OfflineDecision =
  | { kind: 'not_found' }
  | { kind: 'refused'; code: KioskRefusal; member: RosterMember }
  | { kind: 'duplicate'; member: RosterMember }
  | { kind: 'accepted'; member: RosterMember; sessionIndex: number | null };

export type WindowSettings = Pick<KioskSettings, 'windowBeforeMinutes' | 'windowAfterMinutes'>;

function toMember(row: RosterMemberRow): RosterMember {
  return { memberNumber: row[0], firstName: row[1], photoUrl: row[2], state: row[5] };
}

/** The cached member the key names, or null. */
export function findMember(roster: KioskRoster, key: MemberKey): RosterMember | null {
  const row = roster.members.find((member) =>
    'codeHash' in key
      ? member[3] === key.codeHash
      : 'pinHash' in key
        ? member[4] === key.pinHash
        : member[0] === key.memberNumber,
  );
  return row ? toMember(row) : null;
}

export type SessionChoice =
  | { kind: 'booked'; index: number }
  | { kind: 'walk_in'; index: number }
  | { kind: 'full'; index: number }
  | { kind: 'none' };

/**
 * The class a check-in at `now` is for, as the server chooses it: among today's sessions whose
 * window (before its start to after its start) holds `now`, the nearest one the member is booked
 * into; else the nearest class open to walk-ins that has not ended, which must have a free
 * place; else none (a plain visit).
 */
export function chooseSession(
  roster: KioskRoster,
  settings: WindowSettings,
  memberNumber: number,
  now: number,
): SessionChoice {
  const before = settings.windowBeforeMinutes * 60_000;
  const after = settings.windowAfterMinutes * 60_000;
  const open: Array<{ index: number; distance: number }> = [];
  roster.sessions.forEach((session, index) => {
    const start = Date.parse(session.startsAt);
    if (now >= start - before && now <= start + after)
      open.push({ index, distance: Math.abs(start - now) });
  });
  // Stable: of two at the same distance, the earlier in the list (the server's order by start).
  open.sort((a, b) => a.distance - b.distance);
  const bookedInto = new Set(
    roster.bookings.filter(([number]) => number === memberNumber).map(([, index]) => index),
  );
  const booked = open.find(({ index }) => bookedInto.has(index));
  if (booked) return { kind: 'booked', index: booked.index };
  const walkIn = open.find(({ index }) => {
    const session = roster.sessions[index]!;
    return session.walkIn && Date.parse(session.endsAt) > now;
  });
  if (!walkIn) return { kind: 'none' };
  const session = roster.sessions[walkIn.index]!;
  return session.bookedCount >= session.capacity
    ? { kind: 'full', index: walkIn.index }
    : { kind: 'walk_in', index: walkIn.index };
}

export function isDuplicate(
  recent: readonly RecentCheckIn[],
  memberNumber: number,
  now: number,
): boolean {
  return recent.some(
    (entry) =>
      entry.memberNumber === memberNumber && Math.abs(now - entry.at) < DUPLICATE_WINDOW_MS,
  );
}

/**
 * The decision for a member found (or not) in the cached list. Their state refuses them at once,
 * except `no_credits`, which only refuses walking in to a class: a booked class was paid when it
 * was booked, and a plain visit takes no credit (the server's order, kiosk-rules.ts there).
 */
export function decideOffline(input: {
  roster: KioskRoster;
  settings: WindowSettings;
  member: RosterMember | null;
  recent: readonly RecentCheckIn[];
  now: number;
}): OfflineDecision {
  const { roster, settings, member, recent, now } = input;
  if (!member) return { kind: 'not_found' };
  if (member.state !== 'ok' && member.state !== 'no_credits')
    return { kind: 'refused', code: member.state, member };
  if (isDuplicate(recent, member.memberNumber, now)) return { kind: 'duplicate', member };
  const choice = chooseSession(roster, settings, member.memberNumber, now);
  if (choice.kind === 'full') return { kind: 'refused', code: 'session_full', member };
  if (choice.kind === 'walk_in' && member.state === 'no_credits')
    return { kind: 'refused', code: 'no_credits', member };
  return {
    kind: 'accepted',
    member,
    sessionIndex: choice.kind === 'none' ? null : choice.index,
  };
}

/**
 * The cached list after a check-in, so the next decisions see it: the member's booking of that
 * class attended, or a new attended place taken (one more booked).
 */
export function applyCheckIn(
  roster: KioskRoster,
  memberNumber: number,
  sessionIndex: number | null,
): KioskRoster {
  if (sessionIndex === null) return roster;
  const has = roster.bookings.some(
    ([number, index]) => number === memberNumber && index === sessionIndex,
  );
  if (has)
    return {
      ...roster,
      bookings: roster.bookings.map((booking) =>
        booking[0] === memberNumber && booking[1] === sessionIndex
          ? [memberNumber, sessionIndex, 'attended']
          : booking,
      ),
    };
  return {
    ...roster,
    sessions: roster.sessions.map((session, index) =>
      index === sessionIndex ? { ...session, bookedCount: session.bookedCount + 1 } : session,
    ),
    bookings: [...roster.bookings, [memberNumber, sessionIndex, 'attended']],
  };
}

/** The index in the cached list of a session id the server named (an online check-in). */
export function sessionIndexOf(roster: KioskRoster, sessionId: string | null): number | null {
  if (sessionId === null) return null;
  const index = roster.sessions.findIndex((session) => session.id === sessionId);
  return index === -1 ? null : index;
}

/**
 * Whether this kiosk has had too many failed identifications offline lately, as the server
 * pauses a kiosk online (a cached list must not make guessing PINs easier).
 */
export function isLockedOut(failures: readonly number[], now: number): boolean {
  const since = now - KIOSK_FAILED_WINDOW_MINUTES * 60_000;
  return failures.filter((at) => at > since).length >= KIOSK_FAILED_TRIES;
}
