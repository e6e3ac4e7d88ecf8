import type { ChartBucket } from '@fitbase/domain/report-rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dirSql, instant, rowsOf } from './performance-reports.queries.ts';
import type { PeriodSpan } from './report-types.ts';

/**
 * SQL of the activity reports (docs/product/reports-and-analytics.md#activity): first bookings
 * and no-shows. Sorting is by whitelisted expressions, always with the booking id last, so a
 * page and an export batch (keyset on (sort value, id)) are stable.
 */

/** The local chart bucket (first day, as text) of an instant column. */
export function bucketSql(column: string, timeZone: string, bucket: ChartBucket): SQL {
  const local = sql`(${sql.raw(column)} at time zone ${timeZone})`;
  if (bucket === 'day') return sql`(${local})::date::text`;
  // ISO weeks start on Monday, as bucketStarts does.
  return sql`date_trunc(${bucket}, ${local})::date::text`;
}

interface SortKey {
  expr: string;
  /** The SQL type a keyset cursor's value is cast back to. */
  type: 'timestamptz' | 'text' | 'int';
}

/** A keyset position: the sort value (as text) and the booking id of the last row sent. */
export type Keyset = [string, string] | null;

function keysetWhere(key: SortKey, dir: 'asc' | 'desc', after: Keyset): SQL {
  if (!after) return sql``;
  const value = sql`${after[0]}::${sql.raw(key.type)}`;
  const cmp = sql.raw(dir === 'desc' ? '<' : '>');
  return sql`where (k, id) ${cmp} (${value}, ${after[1]}::uuid)`;
}

/** `limit`/`offset` of a page, or a keyset batch (offset 0). */
export interface Slice {
  offset: number;
  limit: number;
  after: Keyset;
}

const memberName = `trim(m.first_name || ' ' || m.last_name)`;

// ---------------------------------------------------------------------------------------------
// First bookings

/**
 * `firsts`: each member's first booking ever made (created_at, then the earlier session, then
 * id, since a course enrolment makes several bookings in one instant), kept when it was made
 * in one of the spans. The firsts are kept by the bookings' triggers in member_first_bookings
 * (migration 0029), so a period's are a range of its (organization_id, created_at) index.
 */
function firstsCte(organizationId: string, spans: PeriodSpan[]): SQL {
  const made = sql.join(
    spans.map(
      (s) => sql`(fb.created_at >= ${instant(s.start)} and fb.created_at < ${instant(s.end)})`,
    ),
    sql` or `,
  );
  const from = new Date(Math.min(...spans.map((s) => s.start.getTime())));
  const to = new Date(Math.max(...spans.map((s) => s.end.getTime())));
  return sql`
  firsts as (
    select m.id as member_id, ${sql.raw(memberName)} as member, b.id, b.created_at,
      b.session_id, b.status
    from member_first_bookings fb
    join members m on m.organization_id = ${organizationId} and m.id = fb.member_id
    join bookings b on b.organization_id = ${organizationId} and b.id = fb.booking_id
    where fb.organization_id = ${organizationId}
      and fb.created_at >= ${instant(from)} and fb.created_at < ${instant(to)} and (${made})
  )`;
}

const FIRST_SORT: Record<string, SortKey> = {
  member: { expr: 'lower(f.member)', type: 'text' },
  bookedAt: { expr: 'f.created_at', type: 'timestamptz' },
  session: { expr: 'lower(cs.name)', type: 'text' },
  sessionStart: { expr: 'cs.starts_at', type: 'timestamptz' },
  status: { expr: 'f.status', type: 'text' },
};

export interface FirstBookingRow {
  id: string;
  member: string;
  created_at: Date | string;
  session_name: string;
  session_start: Date | string;
  status: string;
  k_text: string;
  total: number;
}

export async function firstBookingsPage(
  db: Db | Tx,
  organizationId: string,
  span: PeriodSpan,
  sort: { key: string; dir: 'asc' | 'desc' },
  slice: Slice,
): Promise<FirstBookingRow[]> {
  const key = FIRST_SORT[sort.key] ?? FIRST_SORT.bookedAt!;
  return rowsOf(
    db,
    sql`with ${firstsCte(organizationId, [span])},
    r as (
      select f.id, f.member, f.created_at, f.status, cs.name as session_name,
        cs.starts_at as session_start, ${sql.raw(key.expr)} as k,
        count(*) over ()::int as total
      from firsts f
      join class_sessions cs on cs.organization_id = ${organizationId} and cs.id = f.session_id
    )
    select r.*, r.k::text as k_text from r ${keysetWhere(key, sort.dir, slice.after)}
    order by r.k ${dirSql(sort.dir)}, r.id ${dirSql(sort.dir)}
    limit ${slice.limit} offset ${slice.offset}`,
  );
}

/**
 * How many first bookings the span has per chart bucket, and how many the span before has: one
 * probe per member for both (the probes are the cost), each first booking counted in the spans
 * it falls in.
 */
export async function firstBookingsCounts(
  db: Db | Tx,
  organizationId: string,
  timeZone: string,
  span: PeriodSpan,
  bucket: ChartBucket,
  previous: PeriodSpan,
): Promise<{ buckets: Array<{ bucket: string; count: number }>; total: number; previous: number }> {
  const inSpan = (s: PeriodSpan) =>
    sql`(created_at >= ${instant(s.start)} and created_at < ${instant(s.end)})`;
  const rows = await rowsOf<{ is_now: boolean; is_before: boolean; bucket: string; count: number }>(
    db,
    sql`with ${firstsCte(organizationId, [span, previous])}
    select ${inSpan(span)} as is_now, ${inSpan(previous)} as is_before,
      case when ${inSpan(span)} then ${bucketSql('created_at', timeZone, bucket)} end as bucket,
      count(*)::int as count
    from firsts group by 1, 2, 3 order by 3`,
  );
  const sum = (list: typeof rows) => list.reduce((n, r) => n + r.count, 0);
  const now = rows.filter((r) => r.is_now);
  return {
    buckets: now.map((r) => ({ bucket: r.bucket, count: r.count })),
    total: sum(now),
    previous: sum(rows.filter((r) => r.is_before)),
  };
}

// ---------------------------------------------------------------------------------------------
// No-shows

/**
 * `ns`: the no-show bookings of sessions that started in the span (bookings carry their
 * session's start: index bookings_org_no_show_start_idx), each with its session's class and
 * trainer and the member's no-shows in the span.
 */
function noShowsCte(organizationId: string, span: PeriodSpan): SQL {
  return sql`
  ns as (
    select b.id, b.member_id, cs.starts_at, cs.name as class_name, cs.trainer_user_id,
      count(*) over (partition by b.member_id)::int as member_no_shows
    from bookings b
    join class_sessions cs on cs.organization_id = ${organizationId} and cs.id = b.session_id
    where b.organization_id = ${organizationId} and b.status = 'no_show'
      and ${noShowIn(span)}
  )`;
}

/** A no-show booking (alias b) whose session started in the span. */
const noShowIn = (span: PeriodSpan): SQL =>
  sql`(b.starts_at >= ${instant(span.start)} and b.starts_at < ${instant(span.end)})`;

const NO_SHOW_SORT: Record<string, SortKey> = {
  sessionStart: { expr: 'ns.starts_at', type: 'timestamptz' },
  class: { expr: 'lower(ns.class_name)', type: 'text' },
  member: { expr: `lower(${memberName})`, type: 'text' },
  memberNoShows: { expr: 'ns.member_no_shows', type: 'int' },
};

export interface NoShowRow {
  id: string;
  starts_at: Date | string;
  class_name: string;
  trainer: string | null;
  member: string;
  member_no_shows: number;
  k_text: string;
  total: number;
}

export async function noShowsPage(
  db: Db | Tx,
  organizationId: string,
  span: PeriodSpan,
  sort: { key: string; dir: 'asc' | 'desc' },
  slice: Slice,
): Promise<NoShowRow[]> {
  const key = NO_SHOW_SORT[sort.key] ?? NO_SHOW_SORT.sessionStart!;
  return rowsOf(
    db,
    sql`with ${noShowsCte(organizationId, span)},
    r as (
      select ns.id, ns.starts_at, ns.class_name, ns.member_no_shows,
        ${sql.raw(memberName)} as member,
        coalesce(nullif(trim(ou.display_name), ''), u.name) as trainer,
        ${sql.raw(key.expr)} as k, count(*) over ()::int as total
      from ns
      join members m on m.organization_id = ${organizationId} and m.id = ns.member_id
      left join users u on u.id = ns.trainer_user_id
      left join organization_users ou
        on ou.organization_id = ${organizationId} and ou.user_id = ns.trainer_user_id
    )
    select r.*, r.k::text as k_text from r ${keysetWhere(key, sort.dir, slice.after)}
    order by r.k ${dirSql(sort.dir)}, r.id ${dirSql(sort.dir)}
    limit ${slice.limit} offset ${slice.offset}`,
  );
}

export interface NoShowFigures {
  no_shows: number;
  members: number;
  attended: number;
  rate: string | null;
}

const spanHas = (span: PeriodSpan): SQL =>
  sql`(cs.starts_at >= ${instant(span.start)} and cs.starts_at < ${instant(span.end)})`;

/**
 * For the span and the span before: no-shows, members with one, and no-shows ÷ (checked in +
 * no-shows) of their sessions. The counts are the sessions' counter rows (session_booking_counts,
 * kept by the bookings' triggers); the members are read from the no-shows' own index.
 */
export async function noShowFigures(
  db: Db | Tx,
  organizationId: string,
  span: PeriodSpan,
  previous: PeriodSpan,
): Promise<{ now: NoShowFigures; before: NoShowFigures }> {
  const counts = (name: string, inSpan: SQL) => sql`
    coalesce(sum(sb.no_shows) filter (where ${inSpan}), 0)::int as ${sql.raw(name)}_no_shows,
    coalesce(sum(sb.attended) filter (where ${inSpan}), 0)::int as ${sql.raw(name)}_attended`;
  const members = (name: string, inSpan: SQL) =>
    sql`count(distinct b.member_id) filter (where ${inSpan})::int as ${sql.raw(name)}_members`;
  const rate = (name: string) => {
    const [n, a] = [sql.raw(`${name}_no_shows`), sql.raw(`${name}_attended`)];
    return sql`case when ${a} + ${n} > 0 then round(${n} * 100.0 / (${a} + ${n}), 1) end
      as ${sql.raw(name)}_rate`;
  };
  // Both periods as one range too: an index range scan, where their OR alone is a filter.
  const both = {
    ...span,
    start: new Date(Math.min(span.start.getTime(), previous.start.getTime())),
    end: new Date(Math.max(span.end.getTime(), previous.end.getTime())),
  };
  const [row] = await rowsOf<Record<string, number | string | null>>(
    db,
    sql`with c as (
      select ${counts('now', spanHas(span))}, ${counts('before', spanHas(previous))}
      from class_sessions cs
      join session_booking_counts sb on sb.organization_id = ${organizationId} and sb.session_id = cs.id
      where cs.organization_id = ${organizationId} and ${spanHas(both)}
        and (${spanHas(span)} or ${spanHas(previous)})
    ), m as (
      select ${members('now', noShowIn(span))}, ${members('before', noShowIn(previous))}
      from bookings b
      where b.organization_id = ${organizationId} and b.status = 'no_show' and ${noShowIn(both)}
        and (${noShowIn(span)} or ${noShowIn(previous)})
    )
    select c.*, m.*, ${rate('now')}, ${rate('before')} from c, m`,
  );
  const figures = (name: string): NoShowFigures => ({
    no_shows: row![`${name}_no_shows`] as number,
    members: row![`${name}_members`] as number,
    attended: row![`${name}_attended`] as number,
    rate: row![`${name}_rate`] as string | null,
  });
  return { now: figures('now'), before: figures('before') };
}

/** The span's no-shows per chart bucket (without `ns`'s per-member count, which it needs not). */
export async function noShowBuckets(
  db: Db | Tx,
  organizationId: string,
  timeZone: string,
  span: PeriodSpan,
  bucket: ChartBucket,
): Promise<Array<{ bucket: string; count: number; total: number }>> {
  return rowsOf(
    db,
    sql`select ${bucketSql('b.starts_at', timeZone, bucket)} as bucket, count(*)::int as count,
      (sum(count(*)) over ())::int as total
    from bookings b
    where b.organization_id = ${organizationId} and b.status = 'no_show' and ${noShowIn(span)}
    group by 1 order by 1`,
  );
}
