import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  min,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { gymServices } from '../../db/schema/members.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { bookings, classSessions, scheduleClasses } from '../../db/schema/schedule.ts';
import { staffDisplayName } from '../../db/staff-name.ts';

type Q = Db | Tx;

export type ClassRow = typeof scheduleClasses.$inferSelect;
export type SessionRow = typeof classSessions.$inferSelect;
export type NewSession = Omit<typeof classSessions.$inferInsert, 'organizationId'>;
export type ClassValues = Omit<typeof scheduleClasses.$inferInsert, 'organizationId' | 'id'>;

/** Schedule writes of one organization run one at a time (clash checks stay true). */
export async function lockSchedule(tx: Q, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`schedule:${organizationId}`}))`);
}

/** The display name of an organization's staff member, or null when they are not one. */
export async function staffName(
  tx: Q,
  organizationId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({
      name: staffDisplayName(),
    })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, userId),
      ),
    );
  return row?.name ?? null;
}

export async function findService(tx: Q, organizationId: string, id: string) {
  const [row] = await tx
    .select({
      id: gymServices.id,
      name: gymServices.name,
      durationMinutes: gymServices.durationMinutes,
    })
    .from(gymServices)
    .where(and(eq(gymServices.organizationId, organizationId), eq(gymServices.id, id)));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Classes

export interface ClassListRow extends ClassRow {
  nextSessionAt: Date | null;
  upcomingSessions: number;
}

const upcoming = (now: Date) =>
  and(
    eq(classSessions.classId, scheduleClasses.id),
    eq(classSessions.organizationId, scheduleClasses.organizationId),
    eq(classSessions.status, 'scheduled'),
    gte(classSessions.startsAt, now),
  );

export async function listClasses(
  tx: Q,
  organizationId: string,
  now: Date,
  filter: { kind?: 'class' | 'course'; id?: string } = {},
): Promise<ClassListRow[]> {
  const where: SQL[] = [
    eq(scheduleClasses.organizationId, organizationId),
    isNull(scheduleClasses.archivedAt),
  ];
  if (filter.kind) where.push(eq(scheduleClasses.kind, filter.kind));
  if (filter.id) where.push(eq(scheduleClasses.id, filter.id));
  const rows = await tx
    .select({
      cls: scheduleClasses,
      nextSessionAt: min(classSessions.startsAt),
      upcomingSessions: count(classSessions.id),
    })
    .from(scheduleClasses)
    .leftJoin(classSessions, upcoming(now))
    .where(and(...where))
    .groupBy(scheduleClasses.organizationId, scheduleClasses.id)
    .orderBy(asc(sql`lower(${scheduleClasses.name})`), asc(scheduleClasses.id));
  return rows.map((r) => ({
    ...r.cls,
    nextSessionAt: r.nextSessionAt ? new Date(r.nextSessionAt) : null,
    upcomingSessions: Number(r.upcomingSessions),
  }));
}

export async function findClass(
  tx: Q,
  organizationId: string,
  id: string,
): Promise<ClassRow | null> {
  const [row] = await tx
    .select()
    .from(scheduleClasses)
    .where(and(eq(scheduleClasses.organizationId, organizationId), eq(scheduleClasses.id, id)));
  return row ?? null;
}

export async function insertClass(
  tx: Q,
  organizationId: string,
  values: ClassValues,
): Promise<ClassRow> {
  const [row] = await tx
    .insert(scheduleClasses)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('insert schedule_classes returned no row');
  return row;
}

export async function updateClass(
  tx: Q,
  organizationId: string,
  id: string,
  values: Partial<ClassValues>,
) {
  const [row] = await tx
    .update(scheduleClasses)
    .set(values)
    .where(and(eq(scheduleClasses.organizationId, organizationId), eq(scheduleClasses.id, id)))
    .returning();
  return row ?? null;
}

export async function classHasBookings(
  tx: Q,
  organizationId: string,
  classId: string,
): Promise<boolean> {
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(
      classSessions,
      and(
        eq(classSessions.organizationId, bookings.organizationId),
        eq(classSessions.id, bookings.sessionId),
      ),
    )
    .where(and(eq(bookings.organizationId, organizationId), eq(classSessions.classId, classId)))
    .limit(1);
  return rows.length > 0;
}

export async function deleteClass(tx: Q, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(scheduleClasses)
    .where(and(eq(scheduleClasses.organizationId, organizationId), eq(scheduleClasses.id, id)))
    .returning({ id: scheduleClasses.id });
  return rows.length > 0;
}

/** Active recurring classes whose sessions stop before `until` (the horizon job). */
export function classesBehindHorizon(
  tx: Q,
  organizationId: string,
  until: string,
): Promise<ClassRow[]> {
  return tx
    .select()
    .from(scheduleClasses)
    .where(
      and(
        eq(scheduleClasses.organizationId, organizationId),
        isNull(scheduleClasses.archivedAt),
        isNotNull(scheduleClasses.recurrenceRule),
        or(isNull(scheduleClasses.generatedUntil), lt(scheduleClasses.generatedUntil, until)),
      ),
    );
}

/** Organizations with an active recurring class generated only up to before `bound` (all tenants). */
export async function organizationsBehindHorizon(db: Q, bound: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: scheduleClasses.organizationId })
    .from(scheduleClasses)
    .where(
      and(
        isNull(scheduleClasses.archivedAt),
        isNotNull(scheduleClasses.recurrenceRule),
        or(isNull(scheduleClasses.generatedUntil), lt(scheduleClasses.generatedUntil, bound)),
      ),
    );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Sessions (writes)

/** Inserts generated sessions; an occurrence already stored is skipped. Answers the new ids. */
export async function insertSessions(
  tx: Q,
  organizationId: string,
  rows: NewSession[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(classSessions)
    .values(rows.map((r) => ({ ...r, organizationId })))
    .onConflictDoNothing({
      target: [classSessions.organizationId, classSessions.classId, classSessions.occurrenceStart],
    })
    .returning({ id: classSessions.id });
  return inserted.map((r) => r.id);
}

export async function findSessionRow(
  tx: Q,
  organizationId: string,
  id: string,
): Promise<SessionRow | null> {
  const [row] = await tx
    .select()
    .from(classSessions)
    .where(and(eq(classSessions.organizationId, organizationId), eq(classSessions.id, id)));
  return row ?? null;
}

/**
 * Sessions an edit of `scope` reaches: the one session ('this'); it and the later sessions of
 * its class not changed on their own ('following'); every future one of them ('all').
 */
export function sessionsInScope(
  tx: Q,
  organizationId: string,
  session: SessionRow,
  scope: 'this' | 'following' | 'all',
  now: Date,
): Promise<SessionRow[]> {
  if (scope === 'this' || !session.classId) return Promise.resolve([session]);
  const from = scope === 'following' ? session.startsAt : now;
  return tx
    .select()
    .from(classSessions)
    .where(
      and(
        eq(classSessions.organizationId, organizationId),
        eq(classSessions.classId, session.classId),
        or(
          eq(classSessions.id, session.id),
          and(
            eq(classSessions.detached, false),
            eq(classSessions.status, 'scheduled'),
            gte(classSessions.startsAt, from),
          ),
        ),
      ),
    )
    .orderBy(asc(classSessions.startsAt));
}

/** Future scheduled sessions of a class not changed on their own (class edits). */
export function futureSeriesSessions(tx: Q, organizationId: string, classId: string, now: Date) {
  return tx
    .select()
    .from(classSessions)
    .where(
      and(
        eq(classSessions.organizationId, organizationId),
        eq(classSessions.classId, classId),
        eq(classSessions.detached, false),
        eq(classSessions.status, 'scheduled'),
        gte(classSessions.startsAt, now),
      ),
    )
    .orderBy(asc(classSessions.startsAt));
}

export async function updateSession(
  tx: Q,
  organizationId: string,
  id: string,
  values: Partial<Omit<SessionRow, 'id' | 'organizationId'>>,
): Promise<SessionRow | null> {
  const [row] = await tx
    .update(classSessions)
    .set(values)
    .where(and(eq(classSessions.organizationId, organizationId), eq(classSessions.id, id)))
    .returning();
  // Bookings carry their session's times (a member's overlap check reads them): a moved
  // session moves its bookings in the same statement's transaction.
  if (row && (values.startsAt !== undefined || values.endsAt !== undefined))
    await tx
      .update(bookings)
      .set({ startsAt: row.startsAt, endsAt: row.endsAt })
      .where(and(eq(bookings.organizationId, organizationId), eq(bookings.sessionId, id)));
  return row ?? null;
}

/** The same change (no time change) to many sessions at once. */
export async function updateSessions(
  tx: Q,
  organizationId: string,
  ids: string[],
  values: Partial<Omit<SessionRow, 'id' | 'organizationId' | 'startsAt' | 'endsAt'>>,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(classSessions)
    .set(values)
    .where(and(eq(classSessions.organizationId, organizationId), inArray(classSessions.id, ids)));
}

/**
 * Cancels the live bookings of a session; answers them with what releasing their membership
 * entitlement needs. Counts are recomputed.
 */
export async function cancelSessionBookings(
  tx: Q,
  organizationId: string,
  sessionId: string,
  now: Date,
) {
  const rows = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        eq(bookings.sessionId, sessionId),
        inArray(bookings.status, ['booked', 'waitlisted']),
      ),
    )
    .returning({
      id: bookings.id,
      memberId: bookings.memberId,
      membershipId: bookings.membershipId,
      creditUsed: bookings.creditUsed,
    });
  return rows;
}

/** Bookings whose credit was given back no longer hold one. */
export async function clearCreditUsed(tx: Q, organizationId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .update(bookings)
    .set({ creditUsed: false })
    .where(and(eq(bookings.organizationId, organizationId), inArray(bookings.id, ids)));
}

/** Places still held (attended, no-show) after a cancel. */
export async function heldPlaces(
  tx: Q,
  organizationId: string,
  sessionId: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        eq(bookings.sessionId, sessionId),
        inArray(bookings.status, ['attended', 'no_show']),
      ),
    );
  return row?.n ?? 0;
}
