import type { ChartBucket } from '@fitbase/domain/report-rules';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { bucketStartSql } from './report-buckets.sql.ts';
import { dirSql, instant } from './performance-reports.sql.ts';
import type { PeriodSpan } from './report-types.ts';

/**
 * SQL of the activity reports (docs/product/reports-and-analytics.md#activity): first bookings
 * here, no-shows in no-show-reports.sql.ts. Sorting is by whitelisted expressions, always with the booking id last, so a
 * page and an export batch (keyset on (sort value, id)) are stable.
 */

/** The local chart bucket (first day, as text) of an instant column. */
export function bucketSql(
  column: string,
  timeZone: string,
  bucket: ChartBucket,
  weekStartsOn: number,
): SQL {
  const local = sql`(${sql.raw(column)} at time zone ${timeZone})`;
  return sql`${bucketStartSql(bucket, local, weekStartsOn)}::text`;
}

export interface SortKey {
  expr: string;
  /** The SQL type a keyset cursor's value is cast back to. */
  type: 'timestamptz' | 'text' | 'int';
}

/** A keyset position: the sort value (as text) and the booking id of the last row sent. */
export type Keyset = [string, string] | null;

export function keysetWhere(key: SortKey, dir: 'asc' | 'desc', after: Keyset): SQL {
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

export const memberName = `trim(m.first_name || ' ' || m.last_name)`;

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

const firstBookingRow = z.object({
  id: z.string(),
  member: z.string(),
  created_at: z.string(),
  session_name: z.string(),
  session_start: z.string(),
  status: z.string(),
  k_text: z.string(),
  total: z.number(),
});
export type FirstBookingRow = z.output<typeof firstBookingRow>;

export async function firstBookingsPage(
  db: Db | Tx,
  organizationId: string,
  span: PeriodSpan,
  sort: { key: string; dir: 'asc' | 'desc' },
  slice: Slice,
): Promise<FirstBookingRow[]> {
  const key = FIRST_SORT[sort.key] ?? FIRST_SORT.bookedAt!;
  return rows(
    db,
    firstBookingRow,
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
  const found = await rows(
    db,
    z.object({
      is_now: z.boolean(),
      is_before: z.boolean(),
      // null: a first booking of the span before only.
      bucket: z.string().nullable(),
      count: z.number(),
    }),
    sql`with ${firstsCte(organizationId, [span, previous])}
    select ${inSpan(span)} as is_now, ${inSpan(previous)} as is_before,
      case when ${inSpan(span)} then ${bucketSql('created_at', timeZone, bucket, span.weekStartsOn)} end as bucket,
      count(*)::int as count
    from firsts group by 1, 2, 3 order by 3`,
  );
  const sum = (list: typeof found) => list.reduce((n, r) => n + r.count, 0);
  const now = found.filter((r) => r.is_now);
  return {
    buckets: now.map((r) => ({ bucket: r.bucket!, count: r.count })),
    total: sum(now),
    previous: sum(found.filter((r) => r.is_before)),
  };
}
