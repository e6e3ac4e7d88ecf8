import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { KioskSyncResult, kioskSyncInputSchema } from '@fitbase/domain/contracts/kiosk';
import type { KioskScope } from '../../http/types.ts';
import { AppError } from '../../lib/errors.ts';
import { checkIn } from '../bookings/check-in.service.ts';
import { kioskBookings, kioskMembers, type KioskMemberRow } from './kiosk-roster.sql.ts';
import { fullName, stateRefusal, staffMessage, studioDay } from './kiosk-rules.ts';
import * as queries from './kiosk.queries.ts';

/**
 * A kiosk's offline queue, sent when it is back online (docs/product/kiosk.md#offline): each
 * check-in counts once (its client id), at the time it happened at the door. One the server
 * would have refused is recorded anyway and flagged for staff (`Kiosk exceptions`): the member
 * was let in, and the studio should know, not lose the visit.
 */

type Input = z.output<typeof kioskSyncInputSchema>;
type Item = Input['checkIns'][number];
type Outcome = KioskSyncResult['results'][number];

/**
 * How far a queued check-in's time may lie from the server's clock. Beyond, it is still recorded
 * (the member came in) and flagged: a device clock running ahead is recorded at the time it
 * arrived; one sent more than a week late is a visit only, not a class check-in. Refusing the
 * whole request instead would leave the device's queue stuck forever.
 */
export const SYNC_FUTURE_MINUTES = 5;
export const SYNC_PAST_DAYS = 7;

type Timing = 'on_time' | 'ahead' | 'late';

function timingOf(item: Item, now: Date): Timing {
  const at = Date.parse(item.checkedInAt);
  if (at > now.getTime() + SYNC_FUTURE_MINUTES * 60_000) return 'ahead';
  if (at < now.getTime() - SYNC_PAST_DAYS * 86_400_000) return 'late';
  return 'on_time';
}

const TIMING_EXCEPTIONS = {
  ahead: {
    code: 'kiosk_clock_ahead',
    message: (name: string) =>
      `The kiosk's clock was ahead: ${name}'s check-in is recorded at the time it reached the server.`,
  },
  late: {
    code: 'kiosk_sent_late',
    message: (name: string) =>
      `${name}'s check-in reached the server more than ${SYNC_PAST_DAYS} days after it happened: recorded as a visit only.`,
  },
} as const;

const savepoint = (scope: KioskScope, statement: string) =>
  scope.db.execute(sql.raw(`${statement} kiosk_sync_item`));

/**
 * Runs `work` in a savepoint: undone alone when it fails with one of our errors (a refusal),
 * which it answers; any other failure fails the whole request.
 */
async function attempt<T>(scope: KioskScope, work: () => Promise<T>): Promise<T | AppError> {
  await savepoint(scope, 'savepoint');
  try {
    const result = await work();
    await savepoint(scope, 'release savepoint');
    return result;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await savepoint(scope, 'rollback to savepoint');
    await savepoint(scope, 'release savepoint');
    return error;
  }
}

interface Done {
  visitId: string;
  bookingId: string | null;
}

/** One claimed check-in: checked in under the strict rules, else recorded and flagged. */
async function syncOne(
  scope: KioskScope,
  item: Item,
  member: KioskMemberRow,
  booked: Set<string>,
  timing: { kind: Timing; now: Date },
): Promise<Omit<queries.CheckInOutcome, 'id'>> {
  const at = timing.kind === 'ahead' ? timing.now : new Date(item.checkedInAt);
  const checkInAt = (sessionId: string | null, confirm: boolean) =>
    checkIn(scope, { memberId: member.id, sessionId, confirm }, at, { backdated: true });
  if (timing.kind === 'late') {
    const visit = await checkInAt(null, true);
    const late = TIMING_EXCEPTIONS.late;
    return {
      sessionId: item.sessionId,
      bookingId: null,
      visitId: visit.visitId,
      exceptionCode: late.code,
      exceptionMessage: late.message(fullName(member)),
    };
  }

  // The strict rules, at the time it happened: what the kiosk would have said online.
  const refusal = stateRefusal(member);
  let done: Done | AppError = refusal
    ? new AppError(refusal, staffMessage(member, refusal))
    : await attempt(scope, () => checkInAt(item.sessionId, false));
  if (!(done instanceof AppError)) {
    const ahead = timing.kind === 'ahead' ? TIMING_EXCEPTIONS.ahead : null;
    return {
      sessionId: done.bookingId ? item.sessionId : null,
      bookingId: done.bookingId,
      visitId: done.visitId,
      exceptionCode: ahead?.code ?? null,
      exceptionMessage: ahead?.message(fullName(member)) ?? null,
    };
  }
  // Refused: recorded anyway. The member's booking is checked in past the refusal (as staff
  // confirm at the desk); else a plain visit at that time.
  const exception = done;
  if (item.sessionId && booked.has(`${member.id}:${item.sessionId}`))
    done = await attempt(scope, () => checkInAt(item.sessionId, true));
  if (done instanceof AppError) done = await checkInAt(null, true);
  return {
    // Kept for staff to see which class it was, though no booking was checked in.
    sessionId: item.sessionId,
    bookingId: done.bookingId,
    visitId: done.visitId,
    exceptionCode: exception.code,
    exceptionMessage: staffMessage(member, exception.code, exception.message),
  };
}

export async function syncCheckIns(
  scope: KioskScope,
  input: Input,
  now: Date = new Date(),
): Promise<KioskSyncResult> {
  const { db, organizationId } = scope;
  const numbers = [...new Set(input.checkIns.map((i) => i.memberNumber))];
  const today = studioDay(now, scope.studio.timeZone).date;
  const found = await kioskMembers(db, organizationId, today, { numbers });
  const byNumber = new Map(found.map((m) => [m.member_number, m]));
  const sessionIds = [
    ...new Set(input.checkIns.flatMap((i) => (i.sessionId ? [i.sessionId] : []))),
  ];
  const booked = new Set(
    (
      await kioskBookings(
        db,
        organizationId,
        sessionIds,
        found.map((m) => m.id),
      )
    )
      .filter((b) => b.status !== 'waitlisted')
      .map((b) => `${b.member_id}:${b.session_id}`),
  );
  // Each client id claimed once, all in one statement: an id stored before (or by a request
  // sending the same queue at the same time, which this one waits for) is not claimed. Claimed
  // in id order, so two requests with some ids in common wait for each other, never in a circle.
  const first = new Map<string, Item>();
  for (const item of input.checkIns)
    if (byNumber.has(item.memberNumber) && !first.has(item.clientId))
      first.set(item.clientId, item);
  const claimed = await queries.claimCheckIns(
    db,
    [...first.values()]
      .sort((a, b) => a.clientId.localeCompare(b.clientId))
      .map((item) => ({
        organizationId,
        kioskId: scope.kioskId,
        clientId: item.clientId,
        memberId: byNumber.get(item.memberNumber)!.id,
        checkedInAt: new Date(item.checkedInAt),
        offline: true,
      })),
  );
  // In the order they happened, so visits and places are taken as they were at the door.
  const order = input.checkIns
    .map((item, index) => ({ item, index, at: Date.parse(item.checkedInAt) }))
    .sort((a, b) => a.at - b.at || a.index - b.index);
  const results: Outcome[] = new Array(input.checkIns.length);
  const outcomes: queries.CheckInOutcome[] = [];
  for (const { item, index } of order) {
    const member = byNumber.get(item.memberNumber);
    const id = claimed.get(item.clientId);
    const { clientId } = item;
    if (!member) {
      // A member removed since the list was cached: nothing to record it on.
      results[index] = { clientId, outcome: 'exception', code: 'kiosk_member_not_found' };
    } else if (!id || first.get(clientId) !== item) {
      results[index] = { clientId, outcome: 'already', code: null };
    } else {
      const outcome = await syncOne(scope, item, member, booked, {
        kind: timingOf(item, now),
        now,
      });
      outcomes.push({ id, ...outcome });
      results[index] = outcome.exceptionCode
        ? { clientId, outcome: 'exception', code: outcome.exceptionCode }
        : { clientId, outcome: 'recorded', code: null };
    }
  }
  await queries.completeCheckIns(db, organizationId, outcomes);
  return { results };
}
