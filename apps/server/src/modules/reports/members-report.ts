import type { ReportColumn, ReportFigure, ReportRow } from '@fitbase/domain/contracts/reports';
import { MEMBER_REPORT_STATUS_LABELS } from '@fitbase/domain/report-catalog';
import { addDays } from '@fitbase/domain/recurrence';
import { attritionPercent, bucketStarts } from '@fitbase/domain/report-rules';
import { memberStatusCountsOn } from './member-history.service.ts';
import {
  selectMovementCounts,
  selectMovementPage,
  type MovementRow,
} from './membership-reports.sql.ts';
import type { PeriodSpan, ReportContext, ReportHandler } from './report-types.ts';

/**
 * Members (docs/product/reports-and-analytics.md#members): Active, Paused and Expired as of past
 * days from the membership history, and the net movement of a period. A day after today has no
 * history yet, so every "as of" day is capped at today: the figures are as of the period's last
 * day or today, whichever is earlier, and the chart stops at today.
 */

const asOf = (p: PeriodSpan, today: string) => (p.to < today ? p.to : today);
const noticeOf = (ctx: ReportContext) =>
  ctx.period.to > ctx.today ? 'The period has not ended: figures are as of today.' : null;

/** Each chart point: the last day of its bucket (capped at the period end and today). */
function pointDays(ctx: ReportContext): string[] {
  const starts = bucketStarts(ctx.period);
  const days: string[] = [];
  for (const [i, start] of starts.entries()) {
    if (start > ctx.today) break;
    const bucketEnd = i + 1 < starts.length ? addDays(starts[i + 1]!, -1) : ctx.period.to;
    const end = bucketEnd > ctx.period.to ? ctx.period.to : bucketEnd;
    days.push(end > ctx.today ? ctx.today : end);
  }
  return days;
}

const OVERVIEW_COLUMNS: ReportColumn[] = [
  { key: 'day', label: 'As of', kind: 'date', sortable: true },
  { key: 'active', label: MEMBER_REPORT_STATUS_LABELS.active, kind: 'integer', sortable: false },
  { key: 'paused', label: MEMBER_REPORT_STATUS_LABELS.paused, kind: 'integer', sortable: false },
  { key: 'expired', label: MEMBER_REPORT_STATUS_LABELS.expired, kind: 'integer', sortable: false },
];

const MOVEMENT_COLUMNS: ReportColumn[] = [
  { key: 'member', label: 'Member', kind: 'text', sortable: true },
  { key: 'change', label: 'Change', kind: 'status', sortable: true },
  { key: 'plan', label: 'Plan', kind: 'text', sortable: false },
];

const CHANGE_LABELS = { added: 'Added', lost: 'Lost' } as const;

async function movementFigures(ctx: ReportContext): Promise<ReportFigure[]> {
  const [current, previous] = await selectMovementCounts(ctx.db, ctx.organizationId, [
    { from: ctx.period.from, to: asOf(ctx.period, ctx.today) },
    { from: ctx.previous.from, to: asOf(ctx.previous, ctx.today) },
  ]);
  if (!current || !previous) throw new Error('selectMovementCounts answered no pair');
  const figure = (key: keyof typeof current, label: string): ReportFigure => ({
    key,
    label,
    kind: 'integer',
    value: current[key],
    previous: previous[key],
  });
  return [
    figure('atStart', 'Members at start'),
    figure('added', 'Added'),
    figure('lost', 'Lost'),
    figure('atEnd', 'Members at end'),
    {
      key: 'attrition',
      label: 'Attrition',
      kind: 'percent',
      value: attritionPercent(current.lost, current.atStart),
      previous: attritionPercent(previous.lost, previous.atStart),
    },
  ];
}

/**
 * The figures (as of the period's end and the previous period's) and the chart points, once
 * per request: the report page asks overview() then page() with the same context, and both
 * need the points (a WeakMap, so nothing outlives the request).
 */
const countsByContext = new WeakMap<ReportContext, ReturnType<typeof countOverview>>();
function overviewCounts(ctx: ReportContext) {
  let counts = countsByContext.get(ctx);
  if (!counts) {
    counts = countOverview(ctx);
    countsByContext.set(ctx, counts);
  }
  return counts;
}

async function countOverview(ctx: ReportContext) {
  const points = pointDays(ctx);
  // One query for both: the member history is read once, whatever the number of days.
  const counts = await memberStatusCountsOn(ctx.db, ctx.organizationId, [
    ...points,
    asOf(ctx.period, ctx.today),
    asOf(ctx.previous, ctx.today),
  ]);
  const [current, previous] = counts.slice(points.length);
  const figures = (['active', 'paused', 'expired'] as const).map((key): ReportFigure => ({
    key,
    label: MEMBER_REPORT_STATUS_LABELS[key],
    kind: 'integer',
    value: current![key],
    previous: previous![key],
  }));
  return { figures, points: counts.slice(0, points.length) };
}

export const membersReport: ReportHandler = {
  id: 'members',
  columns: (tab) => (tab === 'movement' ? MOVEMENT_COLUMNS : OVERVIEW_COLUMNS),
  defaultSort: (tab) =>
    tab === 'movement' ? { key: 'member', dir: 'asc' } : { key: 'day', dir: 'asc' },
  async overview(ctx) {
    if (ctx.tab === 'movement')
      return {
        figures: await movementFigures(ctx),
        chart: null,
        totals: null,
        notice: noticeOf(ctx),
      };
    const { figures, points } = await overviewCounts(ctx);
    return {
      figures,
      chart: {
        kind: 'stacked-bar',
        title: 'Members by status',
        xKey: 'day',
        xKind: 'date',
        unit: 'members',
        series: (['active', 'paused', 'expired'] as const).map((key) => ({
          key,
          label: MEMBER_REPORT_STATUS_LABELS[key],
          kind: 'integer' as const,
        })),
        points: points.map((p) => ({ ...p })),
      },
      totals: null,
      notice: noticeOf(ctx),
    };
  },
  async page(ctx, offset, limit) {
    if (ctx.tab === 'movement') {
      const rows: MovementRow[] = await selectMovementPage(
        ctx.db,
        ctx.organizationId,
        ctx.period.from,
        asOf(ctx.period, ctx.today),
        ctx.sort,
        offset,
        limit,
      );
      const total =
        rows[0]?.total_rows ??
        (offset > 0
          ? ((
              await selectMovementPage(
                ctx.db,
                ctx.organizationId,
                ctx.period.from,
                asOf(ctx.period, ctx.today),
                ctx.sort,
                0,
                1,
              )
            )[0]?.total_rows ?? 0)
          : 0);
      return {
        rows: rows.map((r): ReportRow => ({
          memberId: r.member_id,
          member: r.member,
          change: CHANGE_LABELS[r.change],
          plan: r.plan,
        })),
        total,
      };
    }
    // At most 62 points (a custom period of days): counted in SQL, ordered and paged here.
    const { points } = await overviewCounts(ctx);
    const ordered = ctx.sort.dir === 'desc' ? [...points].reverse() : points;
    return {
      rows: ordered.slice(offset, offset + limit).map((p) => ({ ...p })),
      total: points.length,
    };
  },
};
