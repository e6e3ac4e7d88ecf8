import { and, asc, eq, gt, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { gymServices, members } from '../../db/schema/members.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { bookings, classSessions, trainerAvailability } from '../../db/schema/schedule.ts';
import { staffDisplayName } from '../../db/staff-name.ts';

const staffName = staffDisplayName();

/** Everyone of the studio (any role), by name (docs/product/schedule.md#appointments). */
export async function listStaffPeople(db: Db | Tx, organizationId: string) {
  return db
    .select({ userId: organizationUsers.userId, name: staffName, role: organizationUsers.role })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(eq(organizationUsers.organizationId, organizationId))
    .orderBy(asc(sql`lower(${staffName})`), asc(organizationUsers.userId));
}

/**
 * The person's membership of this studio, locked when `lock` so two appointments of one
 * trainer are decided one after the other. Null when they are not part of this studio.
 */
export async function findStaffPerson(
  db: Db | Tx,
  organizationId: string,
  userId: string,
  lock = false,
) {
  const query = db
    .select({ userId: organizationUsers.userId, role: organizationUsers.role })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, userId),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export type AvailabilityRow = { id: string; weekday: number; startTime: string; endTime: string };

export async function listAvailability(
  db: Db | Tx,
  organizationId: string,
  trainerUserId: string,
  weekday?: number,
): Promise<AvailabilityRow[]> {
  const where = [
    eq(trainerAvailability.organizationId, organizationId),
    eq(trainerAvailability.trainerUserId, trainerUserId),
  ];
  if (weekday !== undefined) where.push(eq(trainerAvailability.weekday, weekday));
  return db
    .select({
      id: trainerAvailability.id,
      weekday: trainerAvailability.weekday,
      startTime: trainerAvailability.startTime,
      endTime: trainerAvailability.endTime,
    })
    .from(trainerAvailability)
    .where(and(...where))
    .orderBy(asc(trainerAvailability.weekday), asc(trainerAvailability.startTime));
}

export async function replaceAvailability(
  tx: Tx,
  organizationId: string,
  trainerUserId: string,
  slots: { weekday: number; startTime: string; endTime: string }[],
): Promise<void> {
  await tx
    .delete(trainerAvailability)
    .where(
      and(
        eq(trainerAvailability.organizationId, organizationId),
        eq(trainerAvailability.trainerUserId, trainerUserId),
      ),
    );
  if (slots.length === 0) return;
  await tx
    .insert(trainerAvailability)
    .values(slots.map((slot) => ({ ...slot, organizationId, trainerUserId })));
}

export async function findService(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await db
    .select({
      id: gymServices.id,
      name: gymServices.name,
      durationMinutes: gymServices.durationMinutes,
      isActive: gymServices.isActive,
    })
    .from(gymServices)
    .where(and(eq(gymServices.organizationId, organizationId), eq(gymServices.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findMemberName(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await db
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, id)))
    .limit(1);
  return row ?? null;
}

/** The trainer's scheduled sessions overlapping [from, to). */
export async function listTrainerBusy(
  db: Db | Tx,
  organizationId: string,
  trainerUserId: string,
  from: Date,
  to: Date,
) {
  return db
    .select({ startsAt: classSessions.startsAt, endsAt: classSessions.endsAt })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.organizationId, organizationId),
        eq(classSessions.trainerUserId, trainerUserId),
        eq(classSessions.status, 'scheduled'),
        lt(classSessions.startsAt, to),
        gt(classSessions.endsAt, from),
      ),
    );
}

/** Bookings that hold the member somewhere (booked, waitlisted or attended). */
const MEMBER_BUSY_STATUSES = ['booked', 'waitlisted', 'attended'] as const;

/**
 * The member's first live booking overlapping any of `spans`, outside `exceptSessionIds`
 * (the same rule as booking a single session: docs/product/schedule.md#bookings).
 */
export async function findMemberOverlap(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  spans: { startsAt: Date; endsAt: Date }[],
  exceptSessionIds: string[] = [],
) {
  if (spans.length === 0) return null;
  const overlaps = sql.join(
    spans.map(
      (s) => sql`(${bookings.startsAt} < ${s.endsAt} and ${bookings.endsAt} > ${s.startsAt})`,
    ),
    sql` or `,
  );
  const where = [
    eq(bookings.organizationId, organizationId),
    eq(bookings.memberId, memberId),
    inArray(bookings.status, [...MEMBER_BUSY_STATUSES]),
    sql`(${overlaps})`,
  ];
  if (exceptSessionIds.length > 0) where.push(notInArray(bookings.sessionId, exceptSessionIds));
  const [row] = await db
    .select({ sessionId: bookings.sessionId, name: classSessions.name })
    .from(bookings)
    .innerJoin(
      classSessions,
      and(
        eq(classSessions.organizationId, bookings.organizationId),
        eq(classSessions.id, bookings.sessionId),
      ),
    )
    .where(and(...where))
    .limit(1);
  return row ?? null;
}

export async function insertAppointmentSession(
  tx: Tx,
  values: {
    organizationId: string;
    serviceId: string;
    name: string;
    startsAt: Date;
    endsAt: Date;
    trainerUserId: string;
    color: string;
  },
) {
  const [row] = await tx
    .insert(classSessions)
    .values({ ...values, kind: 'appointment', capacity: 1, bookedCount: 1 })
    .returning({ id: classSessions.id });
  if (!row) throw new Error('insert class_sessions returned no row');
  return row.id;
}

export async function insertBookings(
  tx: Tx,
  organizationId: string,
  memberId: string,
  bookedBy: string,
  sessions: { id: string; startsAt: Date; endsAt: Date }[],
  createdAt?: Date,
): Promise<void> {
  if (sessions.length === 0) return;
  await tx.insert(bookings).values(
    sessions.map((s) => ({
      organizationId,
      sessionId: s.id,
      memberId,
      status: 'booked' as const,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      bookedBy,
      createdAt,
    })),
  );
}
