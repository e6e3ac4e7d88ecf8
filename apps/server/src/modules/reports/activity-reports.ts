import type { ReportChart, ReportColumn, ReportRow } from '@fitbase/domain/contracts/reports';
import { bucketStarts } from '@fitbase/domain/report-rules';
import type { BookingStatus } from '@fitbase/domain/schedule-constants';
import {
  firstBookingsCounts,
  firstBookingsPage,
  type FirstBookingRow,
  type Keyset,
} from './activity-reports.sql.ts';
import {
  noShowBuckets,
  noShowFigures,
  noShowsPage,
  type NoShowRow,
} from './no-show-reports.sql.ts';
import type { ExportCursor, PeriodSpan, ReportContext, ReportHandler } from './report-types.ts';

/**
 * The activity group (docs/product/reports-and-analytics.md#activity): first bookings and
 * no-shows. Both tables can be long, so their exports go by keyset.
 */

/** A booking's status in words, as the roster shows it (docs/product/schedule.md). */
const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  booked: 'Booked',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  late_cancelled: 'Late cancel',
  attended: 'Attended',
  no_show: 'No-show',
};

const isoInstant = (v: Date | string): string => new Date(v).toISOString();

/** A chart of counts per bucket of the period, every bucket present (zero when none). */
function countChart(
  period: PeriodSpan,
  title: string,
  label: string,
  unit: string,
  counts: Array<{ bucket: string; count: number }>,
): ReportChart {
  const byBucket = new Map(counts.map((c) => [c.bucket, c.count]));
  return {
    kind: 'bar',
    title,
    xKey: 'bucket',
    xKind: 'date',
    unit,
    series: [{ key: 'count', label, kind: 'integer' }],
    points: bucketStarts(period).map((b) => ({ bucket: b, count: byBucket.get(b) ?? 0 })),
  };
}

const parseCursor = (cursor: ExportCursor): Keyset =>
  typeof cursor === 'string' ? (JSON.parse(cursor) as [string, string]) : null;

/** The next keyset cursor after a full batch; null when the batch was the last. */
const nextCursor = (rows: Array<{ k_text: string; id: string }>, limit: number): ExportCursor => {
  const last = rows.at(-1);
  return rows.length === limit && last ? JSON.stringify([last.k_text, last.id]) : null;
};

// ---------------------------------------------------------------------------------------------

const FIRST_COLUMNS: ReportColumn[] = [
  { key: 'member', label: 'Member', kind: 'text', sortable: true },
  { key: 'bookedAt', label: 'Booked at', kind: 'datetime', sortable: true },
  { key: 'session', label: 'Session', kind: 'text', sortable: true },
  { key: 'sessionStart', label: 'Session start', kind: 'datetime', sortable: true },
  { key: 'status', label: 'Status now', kind: 'status', sortable: true },
];

function firstRow(r: FirstBookingRow): ReportRow {
  return {
    member: r.member,
    bookedAt: isoInstant(r.created_at),
    session: r.session_name,
    sessionStart: isoInstant(r.session_start),
    status: BOOKING_STATUS_LABELS[r.status as BookingStatus] ?? r.status,
  };
}

const firstBookings: ReportHandler = {
  id: 'first-bookings',
  columns: () => FIRST_COLUMNS,
  defaultSort: () => ({ key: 'bookedAt', dir: 'desc' }),
  async overview(ctx: ReportContext) {
    const counts = await firstBookingsCounts(
      ctx.db,
      ctx.organizationId,
      ctx.timeZone,
      ctx.period,
      ctx.period.bucket,
      ctx.previous,
    );
    return {
      figures: [
        {
          key: 'firstBookings',
          label: 'First bookings',
          kind: 'integer',
          value: counts.total,
          previous: counts.previous,
        },
      ],
      chart: countChart(ctx.period, 'First bookings', 'First bookings', 'members', counts.buckets),
      totals: null,
      notice: null,
    };
  },
  async page(ctx, offset, limit) {
    const load = (o: number, l: number) =>
      firstBookingsPage(ctx.db, ctx.organizationId, ctx.period, ctx.sort, {
        offset: o,
        limit: l,
        after: null,
      });
    const rows = await load(offset, limit);
    const total = rows[0]?.total ?? (offset > 0 ? ((await load(0, 1))[0]?.total ?? 0) : 0);
    return { rows: rows.map(firstRow), total };
  },
  async exportBatch(ctx, cursor, limit) {
    const rows = await firstBookingsPage(ctx.db, ctx.organizationId, ctx.period, ctx.sort, {
      offset: 0,
      limit,
      after: parseCursor(cursor),
    });
    return { rows: rows.map(firstRow), next: nextCursor(rows, limit) };
  },
};

// ---------------------------------------------------------------------------------------------

const NO_SHOW_COLUMNS: ReportColumn[] = [
  { key: 'sessionStart', label: 'Session', kind: 'datetime', sortable: true },
  { key: 'class', label: 'Class', kind: 'text', sortable: true },
  { key: 'trainer', label: 'Trainer', kind: 'text', sortable: false },
  { key: 'member', label: 'Member', kind: 'text', sortable: true },
  { key: 'memberNoShows', label: "Member's no-shows", kind: 'integer', sortable: true },
];

function noShowRow(r: NoShowRow): ReportRow {
  return {
    sessionStart: isoInstant(r.starts_at),
    class: r.class_name,
    trainer: r.trainer,
    member: r.member,
    memberNoShows: r.member_no_shows,
  };
}

const noShows: ReportHandler = {
  id: 'no-shows',
  columns: () => NO_SHOW_COLUMNS,
  defaultSort: () => ({ key: 'sessionStart', dir: 'desc' }),
  async overview(ctx: ReportContext) {
    const { now, before } = await noShowFigures(
      ctx.db,
      ctx.organizationId,
      ctx.period,
      ctx.previous,
    );
    const buckets = await noShowBuckets(
      ctx.db,
      ctx.organizationId,
      ctx.timeZone,
      ctx.period,
      ctx.period.bucket,
    );
    const rate = (v: string | null) => (v === null ? null : Number(v));
    return {
      figures: [
        {
          key: 'noShows',
          label: 'No-shows',
          kind: 'integer',
          value: now.no_shows,
          previous: before.no_shows,
        },
        {
          key: 'members',
          label: 'Members with a no-show',
          kind: 'integer',
          value: now.members,
          previous: before.members,
        },
        {
          key: 'rate',
          label: 'No-show rate',
          kind: 'percent',
          value: rate(now.rate),
          previous: rate(before.rate),
        },
      ],
      chart: countChart(ctx.period, 'No-shows', 'No-shows', 'bookings', buckets),
      totals: null,
      notice: null,
    };
  },
  async page(ctx, offset, limit) {
    const load = (o: number, l: number) =>
      noShowsPage(ctx.db, ctx.organizationId, ctx.period, ctx.sort, {
        offset: o,
        limit: l,
        after: null,
      });
    const rows = await load(offset, limit);
    const total = rows[0]?.total ?? (offset > 0 ? ((await load(0, 1))[0]?.total ?? 0) : 0);
    return { rows: rows.map(noShowRow), total };
  },
  async exportBatch(ctx, cursor, limit) {
    const rows = await noShowsPage(ctx.db, ctx.organizationId, ctx.period, ctx.sort, {
      offset: 0,
      limit,
      after: parseCursor(cursor),
    });
    return { rows: rows.map(noShowRow), next: nextCursor(rows, limit) };
  },
};

export const activityReports: ReportHandler[] = [firstBookings, noShows];
