import type { ReportColumn, ReportRow } from '@fitbase/domain/contracts/reports';
import {
  classAll,
  trainerAll,
  type ClassRow,
  type PagePos,
  type TrainerRow,
} from './performance-reports.sql.ts';
import type { ReportContext, ReportHandler } from './report-types.ts';

/**
 * The performance group (docs/product/reports-and-analytics.md#performance): trainer insights,
 * which is the period's payroll, and class performance. Both count the non-cancelled sessions
 * that started in the period, in the studio's time zone.
 */

const num = (v: string | null): number | null => (v === null ? null : Number(v));
/**
 * Money as SQL returns it: every pay is numeric with two decimals (an amount, an amount × an
 * integer, or rounded to cents), and so is its sum; never through a float.
 */
const money = (v: string | null): string | null => v;

/**
 * One read of the period per request: the overview and the page of one request share the
 * same context, and both need every row (tens of trainers or classes), so the bookings are
 * aggregated once, not once for the figures and again for the page.
 */
function perRequest<T>(load: (ctx: ReportContext) => Promise<T>) {
  const loaded = new WeakMap<ReportContext, Promise<T>>();
  return (ctx: ReportContext): Promise<T> => {
    let rows = loaded.get(ctx);
    if (!rows) {
      rows = load(ctx);
      loaded.set(ctx, rows);
    }
    return rows;
  };
}

/** The rows of one page (by their place in the table's order) and how many there are. */
function pageOf<T extends PagePos>(all: T[], offset: number, limit: number) {
  const rows = all
    .filter((r) => r.page_pos > offset && r.page_pos <= offset + limit)
    .sort((a, b) => a.page_pos - b.page_pos);
  return { rows, total: all.length };
}

// ---------------------------------------------------------------------------------------------

const TRAINER_COLUMNS: ReportColumn[] = [
  { key: 'trainer', label: 'Trainer', kind: 'text', sortable: true },
  { key: 'classes', label: 'Classes taught', kind: 'integer', sortable: true },
  { key: 'appointments', label: 'Appointments', kind: 'integer', sortable: true },
  { key: 'attended', label: 'Attended', kind: 'integer', sortable: true },
  { key: 'noShows', label: 'No-shows', kind: 'integer', sortable: true },
  { key: 'placesTaken', label: 'Places taken', kind: 'integer', sortable: true },
  { key: 'capacity', label: 'Capacity', kind: 'integer', sortable: true },
  { key: 'fillRate', label: 'Fill rate', kind: 'percent', sortable: true },
  { key: 'pay', label: 'Pay', kind: 'money', sortable: true },
];

function trainerRow(r: TrainerRow): ReportRow {
  return {
    trainer: r.trainer,
    classes: r.classes,
    appointments: r.appointments,
    attended: r.attended,
    noShows: r.no_shows,
    placesTaken: r.taken,
    capacity: r.capacity,
    fillRate: num(r.fill_rate),
    pay: money(r.pay),
  };
}

const trainerRows = perRequest((ctx) =>
  trainerAll(ctx.db, ctx.organizationId, ctx.timeZone, ctx.period, ctx.sort),
);

const trainerInsights: ReportHandler = {
  id: 'trainer-insights',
  columns: () => TRAINER_COLUMNS,
  defaultSort: () => ({ key: 'trainer', dir: 'asc' }),
  async overview(ctx: ReportContext) {
    const all = await trainerRows(ctx);
    const first = all[0];
    const pay = first ? money(first.sum_pay) : null;
    const unrated = first?.sum_unrated ?? 0;
    const figures = [
      {
        key: 'sessions',
        label: 'Sessions',
        kind: 'integer' as const,
        value: first?.sum_sessions ?? 0,
      },
      {
        key: 'attended',
        label: 'Attendance',
        kind: 'integer' as const,
        value: first?.sum_attended ?? 0,
      },
      {
        key: 'fillRate',
        label: 'Fill rate',
        kind: 'percent' as const,
        value: num(first?.sum_fill_rate ?? null),
      },
      // Nothing to pay is $0.00; sessions that all lacked a rate have no pay to show.
      { key: 'pay', label: 'Total pay', kind: 'money' as const, value: first ? pay : '0.00' },
    ];
    const totals: ReportRow | null = first
      ? {
          trainer: 'Total',
          classes: first.sum_classes,
          appointments: first.sum_appointments,
          attended: first.sum_attended,
          noShows: first.sum_no_shows,
          placesTaken: first.sum_taken,
          capacity: first.sum_capacity,
          fillRate: num(first.sum_fill_rate),
          pay,
        }
      : null;
    const its = unrated === 1 ? 'its' : 'their';
    const notice =
      unrated > 0
        ? `${unrated} ${unrated === 1 ? 'session had' : 'sessions had'} no pay rate in effect on ${its} day; ${its} pay is not included. Add the trainer's rate under Manage → Pay rates.`
        : null;
    return {
      figures,
      chart: {
        kind: 'bar' as const,
        title: 'Pay per trainer',
        xKey: 'trainer',
        xKind: 'text' as const,
        unit: ctx.currency,
        series: [{ key: 'pay', label: 'Pay', kind: 'money' as const }],
        points: all.map((r) => ({ trainer: r.trainer, pay: money(r.pay) })),
      },
      totals,
      notice,
    };
  },
  async page(ctx, offset, limit) {
    const { rows, total } = pageOf(await trainerRows(ctx), offset, limit);
    return { rows: rows.map(trainerRow), total };
  },
};

// ---------------------------------------------------------------------------------------------

const CLASS_COLUMNS: ReportColumn[] = [
  { key: 'class', label: 'Class', kind: 'text', sortable: true },
  { key: 'sessions', label: 'Sessions', kind: 'integer', sortable: true },
  // One decimal (12.5 people per session): the integer kind formats any number.
  { key: 'avgAttendance', label: 'Average attendance', kind: 'integer', sortable: true },
  { key: 'fillRate', label: 'Fill rate', kind: 'percent', sortable: true },
  { key: 'waitlisted', label: 'Waitlisted', kind: 'integer', sortable: true },
  { key: 'lateCancels', label: 'Late cancellations', kind: 'integer', sortable: true },
  { key: 'noShows', label: 'No-shows', kind: 'integer', sortable: true },
];

function classRow(r: ClassRow): ReportRow {
  return {
    class: r.class_name,
    sessions: r.sessions,
    avgAttendance: Number(r.avg_attendance),
    fillRate: num(r.fill_rate),
    waitlisted: r.waitlisted,
    lateCancels: r.late_cancels,
    noShows: r.no_shows,
  };
}

/** Average attendance of many sessions, one decimal, from integers added in SQL. */
const average = (attended: number, sessions: number) =>
  sessions > 0 ? Math.round((attended * 10) / sessions) / 10 : null;

const classRows = perRequest((ctx) => classAll(ctx.db, ctx.organizationId, ctx.period, ctx.sort));

const classPerformance: ReportHandler = {
  id: 'class-performance',
  columns: () => CLASS_COLUMNS,
  defaultSort: () => ({ key: 'fillRate', dir: 'desc' }),
  async overview(ctx: ReportContext) {
    const all = await classRows(ctx);
    const first = all[0];
    const sessions = first?.sum_sessions ?? 0;
    const attended = first?.sum_attended ?? 0;
    return {
      figures: [
        { key: 'sessions', label: 'Sessions', kind: 'integer', value: sessions },
        {
          key: 'avgAttendance',
          label: 'Average attendance',
          kind: 'integer',
          value: average(attended, sessions),
        },
        {
          key: 'fillRate',
          label: 'Fill rate',
          kind: 'percent',
          value: num(first?.sum_fill_rate ?? null),
        },
        { key: 'noShows', label: 'No-shows', kind: 'integer', value: first?.sum_no_shows ?? 0 },
      ],
      chart: {
        kind: 'bar',
        title: 'Fill rate by class',
        xKey: 'class',
        xKind: 'text',
        unit: 'percent',
        series: [{ key: 'fillRate', label: 'Fill rate', kind: 'percent' }],
        points: all.map((r) => ({ class: r.class_name, fillRate: num(r.fill_rate) })),
      },
      totals: first
        ? {
            class: 'Total',
            sessions,
            avgAttendance: average(attended, sessions),
            fillRate: num(first.sum_fill_rate),
            waitlisted: first.sum_waitlisted,
            lateCancels: first.sum_late_cancels,
            noShows: first.sum_no_shows,
          }
        : null,
      notice: null,
    };
  },
  async page(ctx, offset, limit) {
    const { rows, total } = pageOf(await classRows(ctx), offset, limit);
    return { rows: rows.map(classRow), total };
  },
};

export const performanceReports: ReportHandler[] = [trainerInsights, classPerformance];
