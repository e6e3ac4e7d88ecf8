import type { ReportColumn, ReportRow } from '@fitbase/domain/contracts/reports';
import {
  MEMBERSHIP_ORIGIN_LABELS,
  MEMBERSHIP_ORIGINS,
  NEW_MEMBERSHIP_TAB_KINDS,
  type MembershipOrigin,
} from '@fitbase/domain/report-catalog';
import { addDays } from '@fitbase/domain/recurrence';
import { bucketStarts } from '@fitbase/domain/report-rules';
import { membersReport } from './members-report.ts';
import {
  selectExpiring,
  selectExpiringCount,
  selectLost,
  selectLostCount,
  selectPacks,
  selectPackTotals,
  selectStarts,
  selectStartsByBucket,
} from './membership-lists.sql.ts';
import type { ReportContext, ReportHandler } from './report-types.ts';

/** The membership group (docs/product/reports-and-analytics.md#membership). */

type Counted = Record<string, string | number | null> & { total_rows: number };

/** A page whose total rides on each row; a page past the end asks again for the count. */
async function paged(
  run: (offset: number, limit: number) => Promise<Counted[]>,
  offset: number,
  limit: number,
  shape: (row: Record<string, string | number | null>) => ReportRow = (r) => r,
) {
  const rows = await run(offset, limit);
  const total = rows[0]?.total_rows ?? (offset > 0 ? ((await run(0, 1))[0]?.total_rows ?? 0) : 0);
  return { rows: rows.map(({ total_rows: _n, ...row }) => shape(row)), total };
}

const col = (key: string, label: string, kind: ReportColumn['kind'], sortable = true) => ({
  key,
  label,
  kind,
  sortable,
});

const creditPacksReport: ReportHandler = {
  id: 'credit-packs',
  columns: () => [
    col('member', 'Member', 'text'),
    col('plan', 'Plan', 'text'),
    col('credits', 'Credits remaining', 'integer'),
    col('ofTotal', 'Of', 'integer', false),
    col('soldOn', 'Sold on', 'date'),
    col('expiresOn', 'Expires on', 'date'),
  ],
  defaultSort: () => ({ key: 'expiresOn', dir: 'asc' }),
  async overview(ctx) {
    const t = await selectPackTotals(ctx.db, ctx.organizationId, ctx.today);
    return {
      figures: [
        { key: 'packs', label: 'Active packs', kind: 'integer', value: t.packs },
        { key: 'credits', label: 'Credits outstanding', kind: 'integer', value: t.credits },
      ],
      chart: null,
      totals: t.packs ? { credits: t.credits } : null,
      notice: null,
    };
  },
  page: (ctx, offset, limit) =>
    paged(
      (o, l) =>
        selectPacks(
          ctx.db,
          {
            organizationId: ctx.organizationId,
            today: ctx.today,
            timeZone: ctx.timeZone,
            sort: ctx.sort,
          },
          o,
          l,
        ),
      offset,
      limit,
    ),
};

const startsOf = (ctx: ReportContext) => ({
  organizationId: ctx.organizationId,
  from: ctx.period.from,
  to: ctx.period.to,
  kinds:
    NEW_MEMBERSHIP_TAB_KINDS[(ctx.tab ?? 'memberships') as keyof typeof NEW_MEMBERSHIP_TAB_KINDS],
});

const newMembershipsReport: ReportHandler = {
  id: 'new-memberships',
  columns: () => [
    col('member', 'Member', 'text'),
    col('plan', 'Plan', 'text'),
    col('start', 'Start', 'date'),
    col('price', 'Price', 'money'),
    col('origin', 'Origin', 'status'),
  ],
  defaultSort: () => ({ key: 'start', dir: 'asc' }),
  async overview(ctx) {
    const counts = await selectStartsByBucket(ctx.db, {
      ...startsOf(ctx),
      bucket: ctx.period.bucket,
      weekStartsOn: ctx.period.weekStartsOn,
    });
    const points = bucketStarts(ctx.period).map((bucket) => {
      const point: ReportRow = { bucket };
      for (const origin of MEMBERSHIP_ORIGINS)
        point[origin] = counts
          .filter((c) => c.bucket === bucket && c.origin === origin)
          .reduce((n, c) => n + Number(c.count), 0);
      return point;
    });
    const byOrigin = (origin: MembershipOrigin) =>
      counts.filter((c) => c.origin === origin).reduce((n, c) => n + Number(c.count), 0);
    return {
      figures: [
        {
          key: 'total',
          label: 'New',
          kind: 'integer',
          value: counts.reduce((n, c) => n + Number(c.count), 0),
        },
        ...MEMBERSHIP_ORIGINS.map((origin) => ({
          key: origin,
          label: MEMBERSHIP_ORIGIN_LABELS[origin],
          kind: 'integer' as const,
          value: byOrigin(origin),
        })),
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'New by origin',
        xKey: 'bucket',
        xKind: 'date',
        unit: 'memberships',
        series: MEMBERSHIP_ORIGINS.map((origin) => ({
          key: origin,
          label: MEMBERSHIP_ORIGIN_LABELS[origin],
          kind: 'integer' as const,
        })),
        points,
      },
      totals: null,
      notice: null,
    };
  },
  page: (ctx, offset, limit) =>
    paged(
      (o, l) => selectStarts(ctx.db, { ...startsOf(ctx), sort: ctx.sort }, o, l),
      offset,
      limit,
      ({ id: _id, origin, ...row }) => ({
        ...row,
        origin: MEMBERSHIP_ORIGIN_LABELS[origin as MembershipOrigin],
      }),
    ),
};

const spanOf = (ctx: ReportContext) => ({
  organizationId: ctx.organizationId,
  from: ctx.period.from,
  to: ctx.period.to,
});

const expiringMembersReport: ReportHandler = {
  id: 'expiring-members',
  columns: () => [
    col('member', 'Member', 'text'),
    col('plan', 'Plan', 'text'),
    col('lastDay', 'Last day', 'date'),
    col('reason', 'Reason', 'status'),
    col('email', 'Email', 'text', false),
    col('phone', 'Phone', 'text', false),
  ],
  defaultSort: () => ({ key: 'lastDay', dir: 'asc' }),
  async overview(ctx) {
    const count = await selectExpiringCount(ctx.db, spanOf(ctx));
    return {
      figures: [{ key: 'expiring', label: 'Expiring', kind: 'integer', value: count }],
      chart: null,
      totals: null,
      notice: null,
    };
  },
  page: (ctx, offset, limit) =>
    paged(
      (o, l) => selectExpiring(ctx.db, { ...spanOf(ctx), sort: ctx.sort }, o, l),
      offset,
      limit,
    ),
};

/** Lost: the last covered day is in the period and before today (so the period is capped). */
const lostSpanOf = (ctx: ReportContext) => {
  const yesterday = addDays(ctx.today, -1);
  return { ...spanOf(ctx), to: ctx.period.to < yesterday ? ctx.period.to : yesterday };
};

const lostMembersReport: ReportHandler = {
  id: 'lost-members',
  columns: () => [
    col('member', 'Member', 'text'),
    col('plan', 'Last plan', 'text'),
    col('lastDay', 'Last day', 'date'),
    col('lastVisit', 'Last visit', 'date'),
    col('daysSinceVisit', 'Days since last visit', 'integer'),
  ],
  defaultSort: () => ({ key: 'lastDay', dir: 'desc' }),
  async overview(ctx) {
    const count = await selectLostCount(ctx.db, lostSpanOf(ctx));
    return {
      figures: [{ key: 'lost', label: 'Lost members', kind: 'integer', value: count }],
      chart: null,
      totals: null,
      notice: null,
    };
  },
  page: (ctx, offset, limit) =>
    paged(
      (o, l) =>
        selectLost(
          ctx.db,
          { ...lostSpanOf(ctx), sort: ctx.sort, today: ctx.today, timeZone: ctx.timeZone },
          o,
          l,
        ),
      offset,
      limit,
    ),
};

export const membershipReports: ReportHandler[] = [
  membersReport,
  creditPacksReport,
  newMembershipsReport,
  expiringMembersReport,
  lostMembersReport,
];
