import {
  trainerColor,
  type Availability,
  type AvailabilityInput,
  type AppointmentSlot,
  type Trainer,
  type TrainerList,
} from '@fitbase/domain/contracts/appointments';
import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { addDays, localDateOf, localTimeOf, zonedInstant } from '@fitbase/domain/recurrence';
import type { Db, Tx } from '../../db/client.ts';
import type { OrganizationContext, StudioScope } from '../../http/types.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import { assertNoClash, lockSchedule, sessionSummaries } from '../schedule/schedule.service.ts';
import * as queries from './appointments.queries.ts';

/** The studio scope these services read: its organization, role and database handle. */
type StudioOrg = Pick<StudioScope, 'organizationId' | 'role' | 'db'>;

/** The studio and the signed-in person acting in it. */
type Actor = OrganizationContext & Pick<StudioScope, 'userId' | 'work' | 'db'>;

/**
 * Trainers, weekly availability and one-to-one appointments
 * (docs/product/schedule.md#appointments).
 */

const TRAINER_NOT_FOUND = 'Trainer';

const MINUTE = 60_000;

/** Every person of the studio, with the colour their sessions are drawn in. */
export async function listTrainers(org: StudioOrg): Promise<TrainerList> {
  const rows = await queries.listStaffPeople(org.db, org.organizationId);
  return { trainers: rows.map(toTrainer) };
}

export function toTrainer(row: { userId: string; name: string; role: Trainer['role'] }): Trainer {
  return { userId: row.userId, name: row.name, role: row.role, color: trainerColor(row.userId) };
}

const hhmm = (time: string) => time.slice(0, 5);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function serializeAvailability(rows: queries.AvailabilityRow[]): Availability {
  return {
    slots: rows.map((r) => ({
      id: r.id,
      weekday: r.weekday,
      startTime: hhmm(r.startTime),
      endTime: hhmm(r.endTime),
    })),
  };
}

async function requireStaffPerson(
  db: Db | Tx,
  organizationId: string,
  userId: string,
  lock = false,
) {
  const person = await queries.findStaffPerson(db, organizationId, userId, lock);
  if (!person) throw notFound(TRAINER_NOT_FOUND);
  return person;
}

export async function getAvailability(org: StudioOrg, userId: string): Promise<Availability> {
  await requireStaffPerson(org.db, org.organizationId, userId);
  return serializeAvailability(await queries.listAvailability(org.db, org.organizationId, userId));
}

/**
 * Replaces the person's whole weekly set in one transaction (overlaps were refused by the
 * contract). A trainer sets only their own; owners and admins set anyone's.
 */
export async function setAvailability(
  org: Actor,
  userId: string,
  input: AvailabilityInput,
): Promise<Availability> {
  return org.db.transaction(async (tx) => {
    await requireStaffPerson(tx, org.organizationId, userId, true);
    if (org.role === 'trainer' && org.userId !== userId)
      throw forbidden('Trainers can change only their own availability.');
    await queries.replaceAvailability(tx, org.organizationId, userId, input.slots);
    publishChange(org.work, {
      organizationId: org.organizationId,
      entity: 'schedule',
      action: 'updated',
      ids: [userId],
    });
    return serializeAvailability(await queries.listAvailability(tx, org.organizationId, userId));
  });
}

/** The service an appointment is for: it must exist, be active and have a duration. */
async function appointmentService(db: Db | Tx, organizationId: string, serviceId: string) {
  const service = await queries.findService(db, organizationId, serviceId);
  if (!service) throw notFound('Service');
  if (!service.isActive)
    throw new AppError('validation_error', 'This service is not active.', {
      serviceId: 'This service is not active.',
    });
  if (!service.durationMinutes)
    throw new AppError('validation_error', 'This service has no duration.', {
      serviceId: 'Give the service a duration before booking appointments for it.',
    });
  return { ...service, durationMinutes: service.durationMinutes };
}

/** Weekday (0 = Sunday) of a local date. */
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Free appointment starts on a local date: each availability slot of that weekday stepped by
 * the service's duration, minus the trainer's scheduled sessions, from now on.
 */
export async function listAppointmentSlots(
  org: StudioOrg,
  query: { trainerUserId: string; serviceId: string; date: string },
): Promise<{ slots: AppointmentSlot[] }> {
  await requireStaffPerson(org.db, org.organizationId, query.trainerUserId);
  const service = await appointmentService(org.db, org.organizationId, query.serviceId);
  const timeZone = await getOrganizationTimeZone(org.db, org.organizationId);
  const duration = service.durationMinutes * MINUTE;
  const candidates: { startsAt: Date; endsAt: Date }[] = [];
  const weekly = await queries.listAvailability(
    org.db,
    org.organizationId,
    query.trainerUserId,
    weekdayOf(query.date),
  );
  for (const slot of weekly) {
    const end = minutesOf(slot.endTime);
    for (
      let m = minutesOf(slot.startTime);
      m + service.durationMinutes <= end;
      m += service.durationMinutes
    ) {
      const startsAt = zonedInstant(query.date, timeOf(m), timeZone);
      candidates.push({ startsAt, endsAt: new Date(startsAt.getTime() + duration) });
    }
  }
  if (candidates.length === 0) return { slots: [] };
  const from = zonedInstant(query.date, '00:00', timeZone);
  const to = new Date(zonedInstant(addDays(query.date, 1), '00:00', timeZone).getTime() + duration);
  const busy = await queries.listTrainerBusy(
    org.db,
    org.organizationId,
    query.trainerUserId,
    from,
    to,
  );
  const now = Date.now();
  const free = candidates.filter(
    (c) =>
      c.startsAt.getTime() > now &&
      !busy.some((b) => b.startsAt < c.endsAt && b.endsAt > c.startsAt),
  );
  return {
    slots: free.map((c) => ({
      startsAt: c.startsAt.toISOString(),
      endsAt: c.endsAt.toISOString(),
    })),
  };
}

/** Whether [startsAt, startsAt + minutes) lies inside one of the trainer's weekly slots. */
async function insideAvailability(
  tx: Tx,
  organizationId: string,
  trainerUserId: string,
  startsAt: Date,
  minutes: number,
  timeZone: string,
): Promise<boolean> {
  const date = localDateOf(startsAt, timeZone);
  const start = minutesOf(localTimeOf(startsAt, timeZone));
  const weekly = await queries.listAvailability(tx, organizationId, trainerUserId, weekdayOf(date));
  return weekly.some(
    (slot) => start >= minutesOf(slot.startTime) && start + minutes <= minutesOf(slot.endTime),
  );
}

/**
 * Books a one-to-one appointment in one transaction: a session of kind 'appointment'
 * (capacity 1, the service's name and duration, the trainer's colour) and the member's booking.
 */
export async function createAppointment(
  org: Actor,
  input: { trainerUserId: string; serviceId: string; memberId: string; startsAt: string },
): Promise<SessionSummary> {
  return org.db.transaction(async (tx) => {
    // The studio's schedule writes run one at a time, so the clash check below stays true.
    await lockSchedule(tx, org.organizationId);
    await requireStaffPerson(tx, org.organizationId, input.trainerUserId);
    const service = await appointmentService(tx, org.organizationId, input.serviceId);
    const member = await queries.findMemberName(tx, org.organizationId, input.memberId);
    if (!member) throw notFound('Member');
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(startsAt.getTime() + service.durationMinutes * MINUTE);
    if (startsAt.getTime() <= Date.now())
      throw new AppError('validation_error', 'Choose a time in the future.', {
        startsAt: 'Choose a time in the future.',
      });
    const timeZone = await getOrganizationTimeZone(tx, org.organizationId);
    const inside = await insideAvailability(
      tx,
      org.organizationId,
      input.trainerUserId,
      startsAt,
      service.durationMinutes,
      timeZone,
    );
    if (!inside)
      throw new AppError(
        'outside_availability',
        "This time is outside the trainer's availability.",
        { startsAt: "This time is outside the trainer's availability." },
      );
    await assertNoClash(tx, org.organizationId, {
      trainerUserId: input.trainerUserId,
      facilityId: null,
      startsAt,
      endsAt,
    });
    const overlap = await queries.findMemberOverlap(tx, org.organizationId, member.id, [
      { startsAt, endsAt },
    ]);
    if (overlap)
      throw new AppError(
        'booking_overlap',
        `${member.firstName} ${member.lastName} is already booked into ${overlap.name} at that time.`,
      );
    const sessionId = await queries.insertAppointmentSession(tx, {
      organizationId: org.organizationId,
      serviceId: service.id,
      name: service.name,
      startsAt,
      endsAt,
      trainerUserId: input.trainerUserId,
      color: trainerColor(input.trainerUserId),
    });
    await queries.insertBookings(tx, org.organizationId, member.id, org.userId, [
      { id: sessionId, startsAt, endsAt },
    ]);
    publishChange(org.work, {
      organizationId: org.organizationId,
      entity: 'schedule',
      action: 'created',
      ids: [sessionId],
    });
    const [summary] = await sessionSummaries(tx, org.organizationId, [sessionId]);
    if (!summary) throw new Error('the new appointment session was not found');
    return summary;
  });
}
