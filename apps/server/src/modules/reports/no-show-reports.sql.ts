import type { ChartBucket } from '@fitbase/domain/report-rules';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  bucketSql,
  keysetWhere,
  memberName,
  type Slice,
  type SortKey,
} from './activity-reports.sql.ts';
import { firstRow, rows } from '../../db/rows.ts';
import { dirSql, instant } from './performance-reports.sql.ts';
import type { PeriodSpan } from './report-types.ts';

/**
 * SQL of the No shows report (docs/product/reports-and-analytics.md#activity). Sorting is by
 * whitelisted expressions, always with the booking id last, so a page and an export batch
 * (keyset on (sort value, id)) are stable.
 */

/**
 * `ns`: the no-show bookings of sessions that started in the span (bookings carry their
 * session's start: index bookings_org_no_show_start_id_idx), each with its session's class and
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

const noShowRow = z.object({
  id: z.string(),
  starts_at: z.string(),
  class_name: z.string(),
  trainer: z.string().nullable(),
  member: z.string(),
  member_no_shows: z.number(),
  k_text: z.string(),
  total: z.number(),
});
export type NoShowRow = z.output<typeof noShowRow>;

export async function noShowsPage(
  db: Db | Tx,
  organizationId: string,
  span: PeriodSpan,
  sort: { key: string; dir: 'asc' | 'desc' },
  slice: Slice,
): Promise<NoShowRow[]> {
  const key = NO_SHOW_SORT[sort.key] ?? NO_SHOW_SORT.sessionStart!;
  if (key === NO_SHOW_SORT.sessionStart)
    return noShowsBySessionStart(db, organizationId, span, sort.dir, slice);
  return rows(
    db,
    noShowRow,
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

/**
 * noShowsPage in its default order (session start, then booking id): the page is read straight
 * off the no-shows' index in that order (bookings_org_no_show_start_id_idx), and only its rows
 * get their member's no-show count (bookings_org_member_no_show_idx) and their session, instead
 * of every no-show of the span being counted per member and sorted. Same rows, same columns.
 */
async function noShowsBySessionStart(
  db: Db | Tx,
  organizationId: string,
  span: PeriodSpan,
  dir: 'asc' | 'desc',
  slice: Slice,
): Promise<NoShowRow[]> {
  const after = slice.after
    ? sql`and (b.starts_at, b.id) ${sql.raw(dir === 'desc' ? '<' : '>')}
        (${slice.after[0]}::timestamptz, ${slice.after[1]}::uuid)`
    : sql``;
  return rows(
    db,
    noShowRow,
    sql`with page as (
      select b.id, b.member_id, b.session_id
      from bookings b
      where b.organization_id = ${organizationId} and b.status = 'no_show' and ${noShowIn(span)}
        ${after}
      order by b.starts_at ${dirSql(dir)}, b.id ${dirSql(dir)}
      limit ${slice.limit} offset ${slice.offset}
    )
    select page.id, cs.starts_at, cs.name as class_name,
      (select count(*)::int from bookings b
        where b.organization_id = ${organizationId} and b.member_id = page.member_id
          and b.status = 'no_show' and ${noShowIn(span)}) as member_no_shows,
      ${sql.raw(memberName)} as member,
      coalesce(nullif(trim(ou.display_name), ''), u.name) as trainer,
      cs.starts_at as k,
      (select count(*)::int from bookings b
        where b.organization_id = ${organizationId} and b.status = 'no_show'
          and ${noShowIn(span)}) as total,
      cs.starts_at::text as k_text
    from page
    join class_sessions cs on cs.organization_id = ${organizationId} and cs.id = page.session_id
    join members m on m.organization_id = ${organizationId} and m.id = page.member_id
    left join users u on u.id = cs.trainer_user_id
    left join organization_users ou
      on ou.organization_id = ${organizationId} and ou.user_id = cs.trainer_user_id
    order by cs.starts_at ${dirSql(dir)}, page.id ${dirSql(dir)}`,
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
  const row = await firstRow(
    db,
    z.object({
      now_no_shows: z.number(),
      now_attended: z.number(),
      before_no_shows: z.number(),
      before_attended: z.number(),
      now_members: z.number(),
      before_members: z.number(),
      now_rate: z.string().nullable(),
      before_rate: z.string().nullable(),
    }),
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
  const figures = (name: 'now' | 'before'): NoShowFigures => ({
    no_shows: row![`${name}_no_shows`],
    members: row![`${name}_members`],
    attended: row![`${name}_attended`],
    rate: row![`${name}_rate`],
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
  return rows(
    db,
    z.object({ bucket: z.string(), count: z.number(), total: z.number() }),
    sql`select ${bucketSql('b.starts_at', timeZone, bucket, span.weekStartsOn)} as bucket, count(*)::int as count,
      (sum(count(*)) over ())::int as total
    from bookings b
    where b.organization_id = ${organizationId} and b.status = 'no_show' and ${noShowIn(span)}
    group by 1 order by 1`,
  );
}
