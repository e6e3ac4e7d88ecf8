import { addDays, zonedInstant } from '@fitbase/domain/recurrence';
import { previousPeriod, resolvePeriod, type ResolvedPeriod } from '@fitbase/domain/report-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { buildReportStudio, ny, ZONE } from '../../../test/fixtures/report-studio.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { activityReports } from './activity-reports.ts';
import type { ExportCursor, ReportContext } from './report-types.ts';

// docs/product/reports-and-analytics.md#activity. Every figure is worked out by hand from
// test/fixtures/report-studio.ts (a New York studio, October 2026).

let t: TestContext;
let studio: Awaited<ReturnType<typeof buildReportStudio>>;
beforeAll(async () => {
  t = await createTestApp();
  studio = await buildReportStudio(t);
});
afterAll(async () => t?.close());

const OCTOBER = 'period=month&date=2026-10-15';

async function report(path: string, cookie = studio.owner.cookie) {
  const res = await call(t.app, 'GET', `/api/reports/${path}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

type Figures = { figures: Array<{ key: string; value: unknown; previous?: unknown }> };
const figures = (body: Figures) => body.figures.map((f) => [f.key, f.value, f.previous]);
const iso = (d: Date) => d.toISOString();

describe('first bookings', () => {
  it('lists members whose first booking ever was made in the period, whatever became of it', async () => {
    const body = await report(`first-bookings?${OCTOBER}`);
    const yogaOct5 = iso(ny('2026-10-05', '09:00'));
    expect(body.rows).toEqual([
      // Made at 23:30 on the last day (Nov 1 in UTC) for the Nov 1 00:10 session: counts.
      {
        member: 'Milo Eight',
        bookedAt: iso(ny('2026-10-31', '23:30')),
        session: 'Yoga',
        sessionStart: iso(ny('2026-11-01', '00:10')),
        status: 'Booked',
      },
      {
        member: 'Mo Four',
        bookedAt: iso(ny('2026-10-04', '12:00')),
        session: 'Yoga',
        sessionStart: yogaOct5,
        status: 'Late cancel',
      },
      // Three bookings made in one instant: the first is the one for the earliest session.
      {
        member: 'Mac Six',
        bookedAt: iso(ny('2026-10-03', '10:00')),
        session: 'Yoga',
        sessionStart: yogaOct5,
        status: 'Attended',
      },
      {
        member: 'Mel Five',
        bookedAt: iso(ny('2026-10-02', '08:00')),
        session: 'Yoga',
        sessionStart: yogaOct5,
        status: 'Cancelled',
      },
      {
        member: 'Max Two',
        bookedAt: iso(ny('2026-10-01', '00:10')),
        session: 'Yoga',
        sessionStart: yogaOct5,
        status: 'Attended',
      },
    ]);
    expect(body.total).toBe(5);
    // September: Mia One (Sep 20) and Meg Three (Sep 30 23:30, Oct 1 in UTC).
    expect(figures(body)).toEqual([['firstBookings', 5, 2]]);
    expect(body.chart.points).toHaveLength(31);
    const point = (day: string) =>
      body.chart.points.find((p: { bucket: string }) => p.bucket === day)?.count;
    expect([
      point('2026-10-01'),
      point('2026-10-02'),
      point('2026-10-31'),
      point('2026-10-15'),
    ]).toEqual([1, 1, 1, 0]);

    // Mira Seven's first booking was made Nov 1 00:10: November's.
    const november = await report('first-bookings?period=month&date=2026-11-10');
    expect(november.rows.map((r: { member: string }) => r.member)).toEqual(['Mira Seven']);

    const byMember = await report(`first-bookings?${OCTOBER}&sort=member&dir=asc`);
    expect(byMember.rows.map((r: { member: string }) => r.member)).toEqual([
      'Mac Six',
      'Max Two',
      'Mel Five',
      'Milo Eight',
      'Mo Four',
    ]);
  });

  it('gives a new studio honest zeros', async () => {
    const owner = await createOwner(t.app);
    const body = await report(`first-bookings?${OCTOBER}`, owner.cookie);
    expect(body).toMatchObject({ rows: [], total: 0, notice: null });
    expect(figures(body)).toEqual([['firstBookings', 0, 0]]);
    const noShows = await report(`no-shows?${OCTOBER}`, owner.cookie);
    expect(noShows).toMatchObject({ rows: [], total: 0 });
    expect(figures(noShows)).toEqual([
      ['noShows', 0, 0],
      ['members', 0, 0],
      ['rate', null, null],
    ]);
  });
});

describe('no shows', () => {
  it('lists the no-shows of sessions that started in the period, with each member’s count', async () => {
    const body = await report(`no-shows?${OCTOBER}`);
    expect(body.rows).toEqual([
      {
        sessionStart: iso(ny('2026-10-31', '23:30')),
        class: 'Yoga',
        trainer: 'Alice Anders',
        member: 'Mel Five',
        memberNoShows: 1,
      },
      {
        sessionStart: iso(ny('2026-10-21', '18:00')),
        class: 'Spin',
        trainer: 'Cara Cole',
        member: 'Mo Four',
        memberNoShows: 1,
      },
      {
        sessionStart: iso(ny('2026-10-20', '09:00')),
        class: 'Yoga',
        trainer: 'Alice Anders',
        member: 'Max Two',
        memberNoShows: 1,
      },
      {
        sessionStart: iso(ny('2026-10-14', '18:00')),
        class: 'Spin',
        trainer: 'Bob Brown',
        member: 'Meg Three',
        memberNoShows: 2,
      },
      {
        sessionStart: iso(ny('2026-10-05', '09:00')),
        class: 'Yoga',
        trainer: 'Alice Anders',
        member: 'Meg Three',
        memberNoShows: 2,
      },
    ]);
    // 5 no-shows ÷ (11 checked in + 5) = 31.25 → 31.3 %. September: one no-show, none in.
    expect(figures(body)).toEqual([
      ['noShows', 5, 1],
      ['members', 4, 1],
      ['rate', 31.3, 100],
    ]);

    const byCount = await report(`no-shows?${OCTOBER}&sort=memberNoShows&dir=desc`);
    expect(byCount.rows.slice(0, 2).map((r: { member: string }) => r.member)).toEqual([
      'Meg Three',
      'Meg Three',
    ]);
    const refused = await call(t.app, 'GET', `/api/reports/no-shows?${OCTOBER}&sort=trainer`, {
      cookie: studio.owner.cookie,
    });
    expect(refused.status).toBe(400);
  });

  it('charts a year by local month: the Oct 31 23:30 no-show is October’s', async () => {
    const body = await report('no-shows?period=year&date=2026-10-15');
    expect(body.chart.points).toHaveLength(12);
    const month = (m: string) =>
      body.chart.points.find((p: { bucket: string }) => p.bucket === `2026-${m}-01`)?.count;
    expect([month('09'), month('10'), month('11')]).toEqual([1, 5, 1]);
    expect(body.total).toBe(7);
  });

  it('exports every row as CSV in the table’s order', async () => {
    const res = await call(t.app, 'GET', `/api/reports/no-shows/export?${OCTOBER}`, {
      cookie: studio.owner.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.text.trim().split('\n')).toEqual([
      "Session,Class,Trainer,Member,Member's no-shows",
      `${iso(ny('2026-10-31', '23:30'))},Yoga,Alice Anders,Mel Five,1`,
      `${iso(ny('2026-10-21', '18:00'))},Spin,Cara Cole,Mo Four,1`,
      `${iso(ny('2026-10-20', '09:00'))},Yoga,Alice Anders,Max Two,1`,
      `${iso(ny('2026-10-14', '18:00'))},Spin,Bob Brown,Meg Three,2`,
      `${iso(ny('2026-10-05', '09:00'))},Yoga,Alice Anders,Meg Three,2`,
    ]);
  });

  it('exports by keyset: batches of two give the same rows as the table, in every order', async () => {
    const period = resolvePeriod({
      locale: 'en-US',
      period: 'month',
      anchor: '2026-10-15',
    }) as ResolvedPeriod;
    const span = (p: ResolvedPeriod) => ({
      ...p,
      start: zonedInstant(p.from, '00:00', ZONE),
      end: zonedInstant(addDays(p.to, 1), '00:00', ZONE),
    });
    for (const id of ['no-shows', 'first-bookings'] as const) {
      const handler = activityReports.find((h) => h.id === id)!;
      for (const sort of handler.columns(null).filter((c) => c.sortable)) {
        for (const dir of ['asc', 'desc'] as const) {
          const ctx = (db: ReportContext['db']): ReportContext => ({
            db,
            organizationId: studio.orgId,
            timeZone: ZONE,
            currency: 'USD',
            today: '2026-11-23',
            now: new Date(),
            period: span(period),
            previous: span(previousPeriod(period, 'en-US')),
            tab: null,
            sort: { key: sort.key, dir },
          });
          const db = t.deps.database.db;
          const page = await runInStudio(db, studio.orgId, (tx) => handler.page(ctx(tx), 0, 10));
          const exported: unknown[] = [];
          let cursor: ExportCursor = null;
          for (let i = 0; i < 10; i += 1) {
            const batch = await runInStudio(db, studio.orgId, (tx) =>
              handler.exportBatch!(ctx(tx), cursor, 2),
            );
            exported.push(...batch.rows);
            if (batch.next === null) break;
            cursor = batch.next;
          }
          expect(exported, `${id} ${sort.key} ${dir}`).toEqual(page.rows);
        }
      }
    }
  });
});
