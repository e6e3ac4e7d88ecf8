import { SATURDAY_FIRST_REGIONS, SUNDAY_FIRST_REGIONS } from '@fitbase/domain/studio-format';
import { and, asc, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { classSessions, facilities } from '../../db/schema/schedule.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { staffDisplayName } from '../../db/staff-name.ts';
import type { SessionRow } from './schedule.queries.ts';

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

const regionList = (regions: readonly string[]) =>
  `'{${regions.filter((r) => /^[A-Z]{2}$/.test(r)).join(',')}}'::text[]`;
/**
 * How many days the studio's week starts before Monday, from its locale's region (ADR 0038,
 * firstDayOfWeek's CLDR regions): 1 for a Sunday week (en-US), 2 for Saturday, 0 for Monday
 * (de-DE, and a locale without a region). date_trunc('week') of now shifted by it, shifted
 * back, is the studio's week start. The lists are constants, written into the statement.
 */
const localeRegion = `substring(o.locale from '-([A-Z]{2})(?:-|$)')`;
const weekShift = sql.raw(`(case
        when ${localeRegion} = any(${regionList(SUNDAY_FIRST_REGIONS)}) then 1
        when ${localeRegion} = any(${regionList(SATURDAY_FIRST_REGIONS)}) then 2
        else 0 end)`);

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

/**
 * The week view's whole answer, `{ sessions, counts }` as the API's SessionList, written by
 * PostgreSQL as JSON text in one statement: the Node server sends the text as it is. Measured
 * with bench:schedule: the 200 sessions of a week cost more to build with the query builder,
 * parse row by row and stringify again in Node than to query, and the organization's time zone
 * and the counts took two more round trips. Same fields as schedule.service.ts serializeSession;
 * the counts are sessionCounts' (scheduled sessions today and this week, the week starting on the
 * studio's first day of the week (weekShift), and
 * their booked places) in the organization's time zone at `now`. Null when there is no such
 * organization.
 */
export async function sessionListBody(
  unit: UnitOfWork,
  organizationId: string,
  f: SessionFilter,
  now: Date,
): Promise<string | null> {
  const earliestStart = new Date(f.from.getTime() - LONGEST_SESSION_MS);
  const rows = await unit.prepared<{ body: string }>(
    'schedule_week_view',
    sql`
    with local as (
      select ${now}::timestamptz at time zone o.timezone as now, o.timezone as zone,
        ${weekShift} as shift
      from organizations o where o.id = ${organizationId}
    ), bounds as (
      select date_trunc('day', now) at time zone zone as day_start,
             (date_trunc('day', now) + interval '1 day') at time zone zone as day_end,
             (date_trunc('week', now + make_interval(days => shift)) - make_interval(days => shift))
               at time zone zone as week_start,
             (date_trunc('week', now + make_interval(days => shift))
               + make_interval(days => 7 - shift)) at time zone zone as week_end
      from local
    )
    select json_build_object(
      'sessions', (
        -- row_to_json writes compact JSON (json_build_object puts spaces around every colon).
        select coalesce(json_agg(x order by x."startsAt", x.id), '[]'::json) from (
          select s.id, s.kind, s.class_id as "classId", s.service_id as "serviceId", s.name,
            to_char(s.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startsAt",
            to_char(s.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endsAt",
            s.capacity, s.booked_count as "bookedCount", s.waitlist_count as "waitlistCount",
            s.color, s.status, s.detached,
            case when s.trainer_user_id is null then null else json_build_object(
              'userId', s.trainer_user_id,
              'name', coalesce(nullif(trim(ou.display_name), ''), u.name, ${FORMER_STAFF_NAME}::text))
            end as trainer,
            case when s.facility_id is null or f.name is null then null
              else json_build_object('id', s.facility_id, 'name', f.name) end as facility
          from class_sessions s
          left join organization_users ou
            on ou.organization_id = s.organization_id and ou.user_id = s.trainer_user_id
          left join users u on u.id = s.trainer_user_id
          left join facilities f on f.organization_id = s.organization_id and f.id = s.facility_id
          where s.organization_id = ${organizationId}
            and s.starts_at >= ${earliestStart} and s.starts_at < ${f.to} and s.ends_at > ${f.from}
            and (${f.trainerId ?? null}::text is null or s.trainer_user_id = ${f.trainerId ?? null}::text)
            and (${f.facilityId ?? null}::uuid is null or s.facility_id = ${f.facilityId ?? null}::uuid)
            and (${f.classId ?? null}::uuid is null or s.class_id = ${f.classId ?? null}::uuid)
        ) x
      ),
      'counts', (
        -- The bounds as scalar subqueries, so they bound the index scan: joined in, row-level
        -- security kept them out of it (they are not leakproof) and the counts read every session.
        select json_build_object(
          'today', (count(*) filter (where s.starts_at >= (select day_start from bounds)
                                       and s.starts_at < (select day_end from bounds)))::int,
          'thisWeek', count(*)::int,
          'bookings', coalesce(sum(s.booked_count), 0)::int)
        from class_sessions s
        where s.organization_id = ${organizationId} and s.status = 'scheduled'
          and s.starts_at >= (select week_start from bounds)
          and s.starts_at < (select week_end from bounds)
      )
    )::text as body
    where exists (select 1 from local)`,
  );
  return rows[0]?.body ?? null;
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
