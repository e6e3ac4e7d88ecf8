import { and, asc, eq, gt, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { classSessions, facilities } from '../../db/schema/schedule.ts';
import { staffDisplayName } from '../../db/staff-name.ts';
import type { SessionRow } from './schedule.queries.ts';
import type { SessionSummary } from '@fitbase/domain/contracts/schedule';

/** The name shown for a trainer who has left the studio (their account was removed). */
export const FORMER_STAFF_NAME = 'Former staff member';

type Q = Db | Tx;

/** A session with the names the schedule shows next to it. */
export interface SessionWithNames {
  session: SessionRow;
  trainerName: string | null;
  facilityName: string | null;
}

/** The columns a session summary shows (schedule.service.ts serializeSession). */
export type SessionSummaryRow = Pick<
  SessionRow,
  | 'id'
  | 'kind'
  | 'classId'
  | 'serviceId'
  | 'name'
  | 'startsAt'
  | 'endsAt'
  | 'capacity'
  | 'bookedCount'
  | 'waitlistCount'
  | 'color'
  | 'status'
  | 'detached'
  | 'trainerUserId'
  | 'facilityId'
>;

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

/** An instant as the API writes it (Date#toISOString), computed by PostgreSQL. */
const isoInstant = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Sessions overlapping [from, to), in start order, as the API's SessionSummary objects built
 * by PostgreSQL (one JSON value): the week view's 200 rows cost more to parse row by row in
 * Node than to query (bench:schedule). Same fields as schedule.service.ts serializeSession.
 */
export async function listSessionSummaries(
  tx: Q,
  organizationId: string,
  f: SessionFilter,
): Promise<SessionSummary[]> {
  const where: SQL[] = [
    eq(classSessions.organizationId, organizationId),
    gte(classSessions.startsAt, new Date(f.from.getTime() - LONGEST_SESSION_MS)),
    lt(classSessions.startsAt, f.to),
    gt(classSessions.endsAt, f.from),
  ];
  if (f.trainerId) where.push(eq(classSessions.trainerUserId, f.trainerId));
  if (f.facilityId) where.push(eq(classSessions.facilityId, f.facilityId));
  if (f.classId) where.push(eq(classSessions.classId, f.classId));
  const s = classSessions;
  const summary = sql`json_build_object(
    'id', ${s.id}, 'kind', ${s.kind}, 'classId', ${s.classId}, 'serviceId', ${s.serviceId},
    'name', ${s.name}, 'startsAt', ${isoInstant(s.startsAt)}, 'endsAt', ${isoInstant(s.endsAt)},
    'capacity', ${s.capacity}, 'bookedCount', ${s.bookedCount},
    'waitlistCount', ${s.waitlistCount}, 'color', ${s.color}, 'status', ${s.status},
    'detached', ${s.detached},
    'trainer', case when ${s.trainerUserId} is null then null else json_build_object(
      'userId', ${s.trainerUserId},
      'name', coalesce(${staffDisplayName<string | null>()}, ${FORMER_STAFF_NAME})) end,
    'facility', case when ${s.facilityId} is null or ${facilities.name} is null then null
      else json_build_object('id', ${s.facilityId}, 'name', ${facilities.name}) end
  )`;
  const [row] = await joinNames(
    tx
      .select({
        sessions: sql<
          SessionSummary[]
        >`coalesce(json_agg(${summary} order by ${s.startsAt}, ${s.id}), '[]'::json)`,
      })
      .from(classSessions)
      .$dynamic(),
  ).where(and(...where));
  return row?.sessions ?? [];
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
