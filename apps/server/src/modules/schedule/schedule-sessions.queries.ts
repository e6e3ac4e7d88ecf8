import { and, asc, eq, gt, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { classSessions, facilities } from '../../db/schema/schedule.ts';
import { staffDisplayName } from '../../db/staff-name.ts';
import type { SessionRow } from './schedule.queries.ts';

type Q = Db | Tx;

/** A session with the names the schedule shows next to it. */
export interface SessionWithNames {
  session: SessionRow;
  trainerName: string | null;
  facilityName: string | null;
}

/**
 * The columns a session summary shows. The week view reads only these: parsing the five other
 * timestamps of 200 rows cost more than the query itself (bench:schedule).
 */
const SUMMARY_COLUMNS = {
  id: classSessions.id,
  kind: classSessions.kind,
  classId: classSessions.classId,
  serviceId: classSessions.serviceId,
  name: classSessions.name,
  startsAt: classSessions.startsAt,
  endsAt: classSessions.endsAt,
  capacity: classSessions.capacity,
  bookedCount: classSessions.bookedCount,
  waitlistCount: classSessions.waitlistCount,
  color: classSessions.color,
  status: classSessions.status,
  detached: classSessions.detached,
  trainerUserId: classSessions.trainerUserId,
  facilityId: classSessions.facilityId,
};
export type SessionSummaryRow = Pick<SessionRow, keyof typeof SUMMARY_COLUMNS>;

/** The longest session (1440 minutes): bounds the index range of an overlap search. */
const LONGEST_SESSION_MS = 24 * 3_600_000;

/**
 * One query: sessions with their trainer's display name and room, on the (org, start) index,
 * plus any `extra` columns.
 */
function selectWithNames<E extends Record<string, SQL>>(tx: Q, extra: E = {} as E) {
  return joinNames(
    tx
      .select({
        session: classSessions,
        trainerName: staffDisplayName<string | null>(),
        facilityName: sql<string | null>`${facilities.name}`,
        ...extra,
      })
      .from(classSessions)
      .$dynamic(),
  );
}

/** The same joins, for summaries only (the week view). */
function selectSummaries(tx: Q) {
  return joinNames(
    tx
      .select({
        session: SUMMARY_COLUMNS,
        trainerName: staffDisplayName<string | null>(),
        facilityName: sql<string | null>`${facilities.name}`,
      })
      .from(classSessions)
      .$dynamic(),
  );
}

/** Sessions joined to their trainer's display name and their room. */
function joinNames<T extends PgSelect>(select: T) {
  return select
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, classSessions.organizationId),
        eq(organizationUsers.userId, classSessions.trainerUserId),
      ),
    )
    .leftJoin(users, eq(users.id, classSessions.trainerUserId))
    .leftJoin(
      facilities,
      and(
        eq(facilities.organizationId, classSessions.organizationId),
        eq(facilities.id, classSessions.facilityId),
      ),
    );
}

export interface SessionFilter {
  from: Date;
  to: Date;
  trainerId?: string;
  facilityId?: string;
  classId?: string;
}

/** Sessions overlapping [from, to), in start order. */
export function listSessions(
  tx: Q,
  organizationId: string,
  f: SessionFilter,
): Promise<Array<Omit<SessionWithNames, 'session'> & { session: SessionSummaryRow }>> {
  const where: SQL[] = [
    eq(classSessions.organizationId, organizationId),
    gte(classSessions.startsAt, new Date(f.from.getTime() - LONGEST_SESSION_MS)),
    lt(classSessions.startsAt, f.to),
    gt(classSessions.endsAt, f.from),
  ];
  if (f.trainerId) where.push(eq(classSessions.trainerUserId, f.trainerId));
  if (f.facilityId) where.push(eq(classSessions.facilityId, f.facilityId));
  if (f.classId) where.push(eq(classSessions.classId, f.classId));
  return selectSummaries(tx)
    .where(and(...where))
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id));
}

export async function findSession(
  tx: Q,
  organizationId: string,
  id: string,
): Promise<SessionWithNames | null> {
  const [row] = await selectWithNames(tx).where(
    and(eq(classSessions.organizationId, organizationId), eq(classSessions.id, id)),
  );
  return row ?? null;
}

/** Sessions by id, with their names (in no particular order). */
export function findSessionsWithNames(
  tx: Q,
  organizationId: string,
  ids: string[],
): Promise<SessionWithNames[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectWithNames(tx).where(
    and(eq(classSessions.organizationId, organizationId), inArray(classSessions.id, ids)),
  );
}

/** Scheduled sessions today / this week and the places taken this week (org-local bounds). */
export async function sessionCounts(
  tx: Q,
  organizationId: string,
  b: { dayStart: Date; dayEnd: Date; weekStart: Date; weekEnd: Date },
) {
  const inDay = sql`${classSessions.startsAt} >= ${b.dayStart} and ${classSessions.startsAt} < ${b.dayEnd}`;
  const [row] = await tx
    .select({
      today: sql<number>`(count(*) filter (where ${inDay}))::int`,
      thisWeek: sql<number>`count(*)::int`,
      bookings: sql<number>`coalesce(sum(${classSessions.bookedCount}), 0)::int`,
    })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.organizationId, organizationId),
        eq(classSessions.status, 'scheduled'),
        gte(classSessions.startsAt, b.weekStart),
        lt(classSessions.startsAt, b.weekEnd),
      ),
    );
  return { today: row?.today ?? 0, thisWeek: row?.thisWeek ?? 0, bookings: row?.bookings ?? 0 };
}

export interface ClashCandidate {
  trainerUserId: string | null;
  facilityId: string | null;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The first scheduled session that shares a trainer or a room with one of the candidates and
 * overlaps it in time, or null. One query for any number of candidates.
 */
export async function findClash(
  tx: Q,
  organizationId: string,
  candidates: ClashCandidate[],
  excludeSessionIds: string[],
): Promise<(SessionWithNames & { byTrainer: boolean }) | null> {
  const relevant = candidates.filter((c) => c.trainerUserId || c.facilityId);
  if (relevant.length === 0) return null;
  const values = sql.join(
    relevant.map(
      (c) =>
        sql`(${c.trainerUserId}::text, ${c.facilityId}::uuid, ${c.startsAt.toISOString()}::timestamptz, ${c.endsAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const earliest = Math.min(...relevant.map((c) => c.startsAt.getTime()));
  const latest = Math.max(...relevant.map((c) => c.endsAt.getTime()));
  const candidate = sql`(values ${values}) as c(trainer_user_id, facility_id, starts_at, ends_at)`;
  const sameTrainer = sql`(c.trainer_user_id is not null and ${classSessions.trainerUserId} = c.trainer_user_id)`;
  const sameRoom = sql`(c.facility_id is not null and ${classSessions.facilityId} = c.facility_id)`;
  const where: SQL[] = [
    eq(classSessions.organizationId, organizationId),
    eq(classSessions.status, 'scheduled'),
    gte(classSessions.startsAt, new Date(earliest - LONGEST_SESSION_MS)),
    lt(classSessions.startsAt, new Date(latest)),
    sql`exists (select 1 from ${candidate} where (${sameTrainer} or ${sameRoom}) and ${classSessions.startsAt} < c.ends_at and ${classSessions.endsAt} > c.starts_at)`,
  ];
  if (excludeSessionIds.length > 0) where.push(notInArray(classSessions.id, excludeSessionIds));
  const trainers = relevant.map((c) => c.trainerUserId).filter((id): id is string => !!id);
  const byTrainer = trainers.length
    ? sql<boolean>`exists (select 1 from ${candidate} where ${sameTrainer} and ${classSessions.startsAt} < c.ends_at and ${classSessions.endsAt} > c.starts_at)`
    : sql<boolean>`false`;
  const [row] = await selectWithNames(tx, { byTrainer })
    .where(and(...where))
    .orderBy(asc(classSessions.startsAt))
    .limit(1);
  return row ?? null;
}
