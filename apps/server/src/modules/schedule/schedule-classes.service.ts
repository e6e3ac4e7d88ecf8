import type {
  ScheduleClass,
  scheduleClassInputSchema,
  scheduleClassUpdateSchema,
} from '@fitbase/domain/contracts/schedule';
import { CLASS_DURATION_MAX, CLASS_DURATION_MIN } from '@fitbase/domain/contracts/schedule';
import {
  hasAnyOccurrence,
  localDateOf,
  normalizeRecurrenceRule,
  ruleEndDate,
  ruleHasEnd,
  withEndDate,
} from '@fitbase/domain/recurrence';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { OrganizationContext, StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { applySessionChanges, type SessionChanges } from './schedule-edits.service.ts';
import * as queries from './schedule.queries.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import {
  assertFitsRoom,
  assertNoClashes,
  assertTrainer,
  generateSessions,
  horizonEnd,
  loadFacility,
  lockSchedule,
  notifySchedule,
  recurrenceFailure,
} from './schedule.service.ts';

/** The studio scope these services read: its organization, role and database handle. */
type StudioOrg = Pick<StudioScope, 'organizationId' | 'role' | 'db'>;

type ClassInput = z.output<typeof scheduleClassInputSchema>;
type ClassUpdate = z.output<typeof scheduleClassUpdateSchema>;
/** A write's scope: its announcements go out with the request's unit of work. */
type WriteScope = OrganizationContext & Pick<StudioScope, 'work' | 'db'>;

const invalid = (field: string, message: string) =>
  new AppError('validation_error', message, { [field]: message });

export function serializeClass(row: queries.ClassListRow): ScheduleClass {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    serviceId: row.serviceId,
    capacity: row.capacity,
    durationMinutes: row.durationMinutes,
    trainerUserId: row.trainerUserId,
    facilityId: row.facilityId,
    color: row.color,
    recurrenceRule: row.recurrenceRule,
    startsOn: row.startsOn,
    startTime: row.startTime.slice(0, 5),
    endsOn: row.recurrenceRule ? ruleEndDate(row.recurrenceRule) : null,
    nextSessionAt: row.nextSessionAt?.toISOString() ?? null,
    upcomingSessions: row.upcomingSessions,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listClasses(org: StudioOrg, kind?: 'class' | 'course') {
  const rows = await queries.listClasses(org.db, org.organizationId, new Date(), { kind });
  return { classes: rows.map(serializeClass) };
}

async function loadClass(tx: Db | Tx, organizationId: string, id: string): Promise<ScheduleClass> {
  const [row] = await queries.listClasses(tx, organizationId, new Date(), { id });
  if (!row) throw notFound('Class');
  return serializeClass(row);
}

export const getClass = (org: StudioOrg, id: string) => loadClass(org.db, org.organizationId, id);

/** The class's service: its name and duration fill what the form left out. */
async function serviceDefaults(tx: Db | Tx, organizationId: string, serviceId: string | null) {
  if (!serviceId) return null;
  const service = await queries.findService(tx, organizationId, serviceId);
  if (!service) throw invalid('serviceId', 'Choose a service of your studio');
  return service;
}

function checkDuration(minutes: number | null | undefined): number {
  if (minutes == null) throw invalid('durationMinutes', 'Duration (minutes) is required');
  if (minutes < CLASS_DURATION_MIN || minutes > CLASS_DURATION_MAX)
    throw invalid(
      'durationMinutes',
      `Duration (minutes) must be between ${CLASS_DURATION_MIN} and ${CLASS_DURATION_MAX}`,
    );
  return minutes;
}

/** The stored rule: checked, and ending on `endsOn` when one is given. */
function recurrenceOf(input: ClassInput): string | null {
  if (!input.recurrenceRule) return null;
  let rule: string;
  try {
    rule = normalizeRecurrenceRule(input.recurrenceRule);
  } catch (error) {
    recurrenceFailure(error);
  }
  if (input.endsOn) {
    if (ruleHasEnd(rule))
      throw invalid(
        'endsOn',
        'Give an end date or an end in the repeat rule (UNTIL, COUNT), not both',
      );
    rule = withEndDate(rule, input.endsOn);
  }
  if (!hasAnyOccurrence(rule, input.startsOn, input.startTime))
    throw invalid('recurrenceRule', 'Recurrence rule is not valid: it produces no sessions.');
  return rule;
}

/**
 * Creates a class and, in the same transaction, its sessions up to the horizon
 * (docs/product/schedule.md#classes-and-sessions), refusing a clash of any of them.
 */
export async function createClass(
  org: WriteScope,
  input: ClassInput,
  now = new Date(),
): Promise<ScheduleClass> {
  return org.db.transaction(async (tx) => {
    const organizationId = org.organizationId;
    await lockSchedule(tx, organizationId);
    const timeZone = await getOrganizationTimeZone(tx, organizationId);
    const service = await serviceDefaults(tx, organizationId, input.serviceId);
    const name = input.name ?? service?.name;
    if (!name) throw invalid('name', 'Name is required');
    const durationMinutes = checkDuration(input.durationMinutes ?? service?.durationMinutes);
    await assertTrainer(tx, organizationId, input.trainerUserId);
    assertFitsRoom(input.capacity, await loadFacility(tx, organizationId, input.facilityId));
    const recurrenceRule = recurrenceOf(input);

    const today = localDateOf(now, timeZone);
    const horizon = horizonEnd(now, timeZone);
    const until = input.startsOn > horizon ? input.startsOn : horizon;
    const cls = await queries.insertClass(tx, organizationId, {
      kind: input.kind,
      serviceId: input.serviceId,
      name,
      description: input.description,
      capacity: input.capacity,
      durationMinutes,
      trainerUserId: input.trainerUserId,
      facilityId: input.facilityId,
      color: input.color ?? '#3b82f6',
      recurrenceRule,
      startsOn: input.startsOn,
      startTime: input.startTime,
      generatedUntil: until,
    });
    const from = input.startsOn > today ? input.startsOn : today;
    const sessions = generateSessions(cls, timeZone, { from, to: until }, now);
    if (sessions.length === 0 && (!recurrenceRule || ruleHasEnd(recurrenceRule)))
      throw invalid('startsOn', 'This class has no sessions from now on: check its start and end');
    await assertNoClashes(
      tx,
      organizationId,
      sessions.map((s) => ({
        trainerUserId: s.trainerUserId ?? null,
        facilityId: s.facilityId ?? null,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
      })),
    );
    const ids = await queries.insertSessions(tx, organizationId, sessions);
    notifySchedule(org.work, organizationId, 'created', [cls.id, ...ids]);
    return loadClass(tx, organizationId, cls.id);
  });
}

/**
 * Changes a class: its defaults and every future session not changed on its own (edit scope
 * "all"). Time changes keep each session's local date.
 */
export async function updateClass(
  org: WriteScope,
  id: string,
  input: ClassUpdate,
  now = new Date(),
): Promise<ScheduleClass> {
  return org.db.transaction(async (tx) => {
    const organizationId = org.organizationId;
    await lockSchedule(tx, organizationId);
    const cls = await queries.findClass(tx, organizationId, id);
    if (!cls) throw notFound('Class');
    const timeZone = await getOrganizationTimeZone(tx, organizationId);
    if (input.serviceId) await serviceDefaults(tx, organizationId, input.serviceId);
    if (input.trainerUserId) await assertTrainer(tx, organizationId, input.trainerUserId);
    const facilityId = input.facilityId !== undefined ? input.facilityId : cls.facilityId;
    assertFitsRoom(
      input.capacity ?? cls.capacity,
      await loadFacility(tx, organizationId, facilityId),
    );
    await applyClassChanges(tx, organizationId, cls, input, timeZone, now);
    notifySchedule(org.work, organizationId, 'updated', [cls.id]);
    return loadClass(tx, organizationId, cls.id);
  });
}

/** The class's defaults and its future series sessions (shared with session edits). */
export async function applyClassChanges(
  tx: Db | Tx,
  organizationId: string,
  cls: queries.ClassRow,
  changes: Omit<SessionChanges, 'detached'> & { description?: string | null },
  timeZone: string,
  now: Date,
  sessions?: queries.SessionRow[],
): Promise<string[]> {
  const { description, ...sessionChanges } = changes;
  const rows = sessions ?? (await queries.futureSeriesSessions(tx, organizationId, cls.id, now));
  const ids = await applySessionChanges(tx, organizationId, rows, sessionChanges, timeZone);
  const values: Partial<queries.ClassValues> = {};
  for (const key of [
    'name',
    'startTime',
    'durationMinutes',
    'capacity',
    'trainerUserId',
    'facilityId',
    'color',
    'serviceId',
  ] as const) {
    if (sessionChanges[key] !== undefined) Object.assign(values, { [key]: sessionChanges[key] });
  }
  if (description !== undefined) values.description = description;
  if (Object.keys(values).length > 0) await queries.updateClass(tx, organizationId, cls.id, values);
  return ids;
}

/** docs/product/schedule.md: a class with bookings is kept; its sessions are cancelled instead. */
export async function deleteClass(org: WriteScope, id: string): Promise<void> {
  await org.db.transaction(async (tx) => {
    const organizationId = org.organizationId;
    await lockSchedule(tx, organizationId);
    const cls = await queries.findClass(tx, organizationId, id);
    if (!cls) throw notFound('Class');
    if (await queries.classHasBookings(tx, organizationId, id))
      throw new AppError(
        'class_has_bookings',
        'This class has bookings. Cancel its sessions instead.',
      );
    await queries.deleteClass(tx, organizationId, id);
    notifySchedule(org.work, organizationId, 'deleted', [id]);
  });
}
