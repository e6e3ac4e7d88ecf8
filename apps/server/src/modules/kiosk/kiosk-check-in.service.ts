import type { z } from 'zod';
import { kioskPinHash } from '@fitbase/domain/kiosk-hashes';
import {
  type KioskCheckInResult,
  type kioskCheckInInputSchema,
} from '@fitbase/domain/contracts/kiosk';
import {
  KIOSK_FAILED_TRIES,
  KIOSK_FAILED_WINDOW_MINUTES,
  KIOSK_LOCKED_MESSAGE,
  KIOSK_NOT_FOUND_MESSAGE,
} from '@fitbase/domain/kiosk-constants';
import type { Db, Tx } from '../../db/client.ts';
import type { KioskScope } from '../../http/types.ts';
import { AppError } from '../../lib/errors.ts';
import { checkIn } from '../bookings/check-in.service.ts';
import { deviceSettings } from './kiosk-pairing.service.ts';
import { failedTries, storedCheckIn } from './kiosk-check-ins.sql.ts';
import { kioskMembers, type KioskMemberRow, type MemberFilter } from './kiosk-roster.sql.ts';
import {
  chooseSession,
  kioskRefusal,
  stateRefusal,
  studioDay,
  toMemberFacing,
} from './kiosk-rules.ts';
import * as queries from './kiosk.queries.ts';

/**
 * A check-in at the kiosk, online (docs/product/kiosk.md#checking-in): the same client id counts
 * once; a kiosk with too many failed tries pauses; the member is found by code, PIN or number;
 * their state may refuse them; the session is chosen by the check-in window; the front desk's
 * check-in records it (a `member_visits` row, the booking attended).
 */

type Input = z.output<typeof kioskCheckInInputSchema>;
type Settings = Awaited<ReturnType<typeof deviceSettings>>;

/** Not found answers without rolling back: the failed try it counted must stay counted. */
export type KioskCheckInOutcome =
  { ok: true; result: KioskCheckInResult } | { ok: false; error: AppError };

const required = (field: string, message: string) =>
  new AppError('validation_error', message, { [field]: message });

const notThisWay = (settings: Settings) =>
  new AppError(
    'validation_error',
    settings.identifyBy === 'member_number'
      ? 'This kiosk knows members by their member number.'
      : 'This kiosk knows members by their phone and PIN.',
  );

/** What the input names, as a filter of the kiosk's member read model. */
async function filterOf(input: Input, settings: Settings): Promise<MemberFilter> {
  if (input.method === 'code') {
    if (!input.code) throw required('code', 'Scan or type your check-in code');
    return { code: input.code };
  }
  if (input.method === 'pin') {
    if (settings.identifyBy !== 'phone_and_pin') throw notThisWay(settings);
    if (!input.phoneDigits) throw required('phoneDigits', 'Enter the last 4 digits of your phone');
    if (!input.pin) throw required('pin', 'Enter your 4-digit PIN');
    return { pinHash: await kioskPinHash(input.phoneDigits, input.pin, settings.pinSalt) };
  }
  if (settings.identifyBy !== 'member_number') throw notThisWay(settings);
  if (!input.memberNumber) throw required('memberNumber', 'Enter your member number');
  return { numbers: [input.memberNumber] };
}

/** The answer a stored check-in gave (kiosk-check-ins.sql.ts reads it back). */
async function storedResult(db: Db | Tx, organizationId: string, clientId: string) {
  const row = await storedCheckIn(db, organizationId, clientId);
  if (!row) throw new Error('kiosk check-in vanished');
  return {
    clientId,
    member: { firstName: row.first_name, photoUrl: row.profile_photo_url },
    session:
      row.session_id && row.session_name && row.session_starts_at
        ? {
            id: row.session_id,
            name: row.session_name,
            startsAt: new Date(row.session_starts_at).toISOString(),
          }
        : null,
    duplicate: row.duplicate,
    checkedInAt: new Date(row.checked_in_at).toISOString(),
  };
}

/** The one member the input names, or null (none, or a PIN two members share). */
async function identify(
  scope: KioskScope,
  input: Input,
  settings: Settings,
  today: string,
): Promise<KioskMemberRow | null> {
  const found = await kioskMembers(
    scope.db,
    scope.organizationId,
    today,
    await filterOf(input, settings),
  );
  return found.length === 1 ? found[0]! : null;
}

export async function kioskCheckIn(
  scope: KioskScope,
  input: Input,
  now: Date = new Date(),
): Promise<KioskCheckInOutcome> {
  const { db, organizationId, kioskId } = scope;
  // The same client id again (a retry after a lost answer): what it did, nothing more.
  if (await queries.findCheckIn(db, organizationId, input.clientId))
    return { ok: true, result: await storedResult(db, organizationId, input.clientId) };
  const tries = await failedTries(db, organizationId, kioskId, KIOSK_FAILED_WINDOW_MINUTES);
  if (tries >= KIOSK_FAILED_TRIES) throw new AppError('kiosk_locked', KIOSK_LOCKED_MESSAGE);
  const settings = await deviceSettings(db, organizationId);
  const day = studioDay(now, scope.studio.timeZone);
  const member = await identify(scope, input, settings, day.date);
  if (!member) {
    await queries.countFailedTry(db, organizationId, kioskId, KIOSK_FAILED_WINDOW_MINUTES);
    return { ok: false, error: new AppError('kiosk_member_not_found', KIOSK_NOT_FOUND_MESSAGE) };
  }
  const refusal = stateRefusal(member);
  if (refusal) throw kioskRefusal(refusal);
  const claimed = await queries.claimCheckIn(db, {
    organizationId,
    kioskId,
    clientId: input.clientId,
    memberId: member.id,
    checkedInAt: now,
    offline: false,
  });
  // The same id sent twice at once: the other request stored it first.
  if (!claimed) return { ok: true, result: await storedResult(db, organizationId, input.clientId) };
  const session = await chooseSession(db, organizationId, member.id, settings, now);
  let done;
  try {
    done = await checkIn(
      scope,
      { memberId: member.id, sessionId: session?.id ?? null, confirm: false },
      now,
    );
  } catch (error) {
    throw toMemberFacing(error);
  }
  await queries.completeCheckIn(db, organizationId, claimed, {
    sessionId: done.bookingId ? (session?.id ?? null) : null,
    bookingId: done.bookingId,
    visitId: done.visitId,
  });
  return {
    ok: true,
    result: {
      clientId: input.clientId,
      member: { firstName: member.first_name, photoUrl: member.profile_photo_url },
      session:
        session && done.bookingId
          ? { id: session.id, name: session.name, startsAt: session.starts_at }
          : null,
      duplicate: done.duplicate,
      checkedInAt: now.toISOString(),
    },
  };
}
