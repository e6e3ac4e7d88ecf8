import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import type { Facility, SessionSummary } from '@fitbase/domain/contracts/schedule';
import {
  addDays,
  expandOccurrences,
  localDateOf,
  RecurrenceError,
} from '@fitbase/domain/recurrence';
import { SESSION_HORIZON_WEEKS } from '@fitbase/domain/schedule-constants';
import { formatMoment } from '@fitbase/domain/studio-format';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { AppError } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import {
  FORMER_STAFF_NAME,
  findClash,
  findSessionsWithNames,
  type ClashCandidate,
} from './schedule-sessions.queries.ts';
import * as facilityQueries from './schedule-facilities.queries.ts';
import * as queries from './schedule.queries.ts';
import type { SessionSummaryRow } from './schedule-sessions.queries.ts';

/**
 * The schedule's shared rules (docs/product/schedule.md): the clash rule, the
 * session shape and session generation. Other modules use the exports marked "for other
 * modules"; the class, facility and session services of this module build on the rest.
 */

/** A recurrence problem as the 400 a person can act on. */
export function recurrenceFailure(error: unknown): never {
  if (error instanceof RecurrenceError)
    throw new AppError('validation_error', error.message, { [error.field]: error.message });
  throw error;
}

/**
 * A session's start for sentences and email subjects, in the studio's locale and time zone:
 * "Mon, Dec 7, 7:00 AM" (en-US), "Mo., 7. Dez., 07:00" (de-DE).
 */
export async function describeStart(tx: Db | Tx, organizationId: string, instant: Date) {
  return formatMoment(instant, await studioFormat(tx, organizationId));
}

/** For other modules: a stored session as the API shows it. */
export function serializeSession(
  row: SessionSummaryRow,
  names: { trainerName: string | null; facilityName: string | null },
): SessionSummary {
  return {
    id: row.id,
    kind: row.kind,
    classId: row.classId,
    serviceId: row.serviceId,
    name: row.name,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    capacity: row.capacity,
    bookedCount: row.bookedCount,
    waitlistCount: row.waitlistCount,
    color: row.color,
    status: row.status,
    detached: row.detached,
    trainer: row.trainerUserId
      ? { userId: row.trainerUserId, name: names.trainerName ?? FORMER_STAFF_NAME }
      : null,
    facility:
      row.facilityId && names.facilityName
        ? { id: row.facilityId, name: names.facilityName }
        : null,
  };
}

/** For other modules: sessions as the API shows them, in the order of `ids` (one query). */
export async function sessionSummaries(
  tx: Db | Tx,
  organizationId: string,
  ids: string[],
): Promise<SessionSummary[]> {
  const rows = await findSessionsWithNames(tx, organizationId, ids);
  const byId = new Map(rows.map((r) => [r.session.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [serializeSession(row.session, row)] : [];
  });
}

export const serializeFacility = (row: facilityQueries.FacilityRow): Facility => ({
  id: row.id,
  name: row.name,
  capacity: row.capacity,
});

/** Live updates of the schedule (classes, sessions, bookings, facilities). */
export const notifySchedule = (
  unit: UnitOfWork,
  organizationId: string,
  action: RealtimeAction,
  ids: string[],
) => publishChange(unit, { organizationId, entity: 'schedule', action, ids });

/** Schedule writes of one organization run one at a time, so two clash checks never race. */
export const lockSchedule = queries.lockSchedule;

export interface ClashInput {
  trainerUserId: string | null;
  facilityId: string | null;
  startsAt: Date;
  endsAt: Date;
  excludeSessionId?: string;
}

/**
 * For other modules: a trainer or a room is never in two overlapping scheduled sessions
 * (docs/product/schedule.md#clash-rule). Throws 409 'schedule_clash' naming the clash. Call it
 * after `lockSchedule` in the writing transaction.
 */
export async function assertNoClash(
  tx: Db | Tx,
  organizationId: string,
  input: ClashInput,
): Promise<void> {
  await assertNoClashes(
    tx,
    organizationId,
    [input],
    input.excludeSessionId ? [input.excludeSessionId] : [],
  );
}

/** The clash rule for many sessions at once (one query). */
export async function assertNoClashes(
  tx: Db | Tx,
  organizationId: string,
  candidates: ClashCandidate[],
  excludeSessionIds: string[] = [],
): Promise<void> {
  const clash = await findClash(tx, organizationId, candidates, excludeSessionIds);
  if (!clash) return;
  const when = await describeStart(tx, organizationId, clash.session.startsAt);
  const what = clash.session.name;
  const message = clash.byTrainer
    ? clash.session.kind === 'appointment'
      ? `${clash.trainerName ?? 'This trainer'} already has ${what} on ${when}.`
      : `${clash.trainerName ?? 'This trainer'} already teaches ${what} on ${when}.`
    : `${clash.facilityName ?? 'This room'} is already booked for ${what} on ${when}.`;
  throw new AppError('schedule_clash', message);
}

/** Trainers are the organization's staff: anyone else is refused. */
export async function assertTrainer(tx: Db | Tx, organizationId: string, userId: string | null) {
  if (!userId) return null;
  const name = await queries.staffName(tx, organizationId, userId);
  if (!name) {
    const message = 'Choose a trainer from your staff';
    throw new AppError('validation_error', message, { trainerUserId: message });
  }
  return name;
}

/** The organization's room, or a 400 naming the field. */
export async function loadFacility(tx: Db | Tx, organizationId: string, facilityId: string | null) {
  if (!facilityId) return null;
  const facility = await facilityQueries.findFacility(tx, organizationId, facilityId);
  if (!facility) {
    const message = 'Choose a facility of your studio';
    throw new AppError('validation_error', message, { facilityId: message });
  }
  return facility;
}

/** A session never holds more people than its room. */
export function assertFitsRoom(capacity: number, facility: facilityQueries.FacilityRow | null) {
  if (facility && capacity > facility.capacity) {
    const message = `Capacity ${capacity} is more than ${facility.name} holds (${facility.capacity}).`;
    throw new AppError('validation_error', message, { capacity: message });
  }
}

/** The last local date sessions must exist up to: today plus the horizon. */
export function horizonEnd(now: Date, timeZone: string): string {
  return addDays(localDateOf(now, timeZone), SESSION_HORIZON_WEEKS * 7);
}

/**
 * The sessions a class has between two local dates, from `now` on (nothing in the past is
 * generated). Answers rows ready to insert.
 */
export function generateSessions(
  cls: queries.ClassRow,
  timeZone: string,
  window: { from: string; to: string },
  now: Date,
): queries.NewSession[] {
  let occurrences;
  try {
    occurrences = expandOccurrences({
      rule: cls.recurrenceRule,
      startsOn: cls.startsOn,
      startTime: cls.startTime,
      timeZone,
      from: window.from,
      to: window.to,
    });
  } catch (error) {
    recurrenceFailure(error);
  }
  return occurrences
    .filter((o) => o.startsAt.getTime() >= now.getTime())
    .map((o) => ({
      kind: cls.kind,
      classId: cls.id,
      serviceId: cls.serviceId,
      name: cls.name,
      occurrenceStart: o.startsAt,
      startsAt: o.startsAt,
      endsAt: new Date(o.startsAt.getTime() + cls.durationMinutes * 60_000),
      capacity: cls.capacity,
      trainerUserId: cls.trainerUserId,
      facilityId: cls.facilityId,
      color: cls.color,
    }));
}
