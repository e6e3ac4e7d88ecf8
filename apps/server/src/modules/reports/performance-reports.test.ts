import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { buildReportStudio } from '../../../test/fixtures/report-studio.ts';

// docs/product/reports-and-analytics.md#performance. Every figure is worked out by hand from
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

const figure = (body: { figures: Array<{ key: string; value: unknown }> }, key: string) =>
  body.figures.find((f) => f.key === key)?.value;

describe('trainer insights', () => {
  it('is the payroll of the period: the rate of each session’s local day, rounded per session', async () => {
    const body = await report(`trainer-insights?${OCTOBER}`);
    expect(body.period).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(body.rows).toEqual([
      {
        trainer: 'Alice Anders',
        classes: 3,
        appointments: 0,
        attended: 6,
        noShows: 3,
        placesTaken: 10,
        capacity: 30,
        fillRate: 33.3,
        // $40 a class on Oct 5; $5.50 × 2 on Oct 20; $5.50 × 1 on Oct 31 23:30 (Nov 1 in UTC).
        pay: '56.50',
      },
      {
        trainer: 'Bob Brown',
        classes: 2,
        appointments: 1,
        attended: 4,
        noShows: 1,
        placesTaken: 5,
        capacity: 17,
        fillRate: 29.4,
        // $32.50 an hour: 50 min 27.08, 45 min 24.38, 90 min 48.75.
        pay: '100.21',
      },
      {
        trainer: 'Cara Cole',
        classes: 1,
        appointments: 0,
        attended: 1,
        noShows: 1,
        placesTaken: 2,
        capacity: 8,
        fillRate: 25,
        pay: null,
      },
    ]);
    expect(body.total).toBe(3);
    expect(body.totals).toEqual({
      trainer: 'Total',
      classes: 6,
      appointments: 1,
      attended: 11,
      noShows: 5,
      placesTaken: 17,
      capacity: 55,
      fillRate: 30.9,
      pay: '156.71',
    });
    expect(body.figures.map((f: { key: string; value: unknown }) => [f.key, f.value])).toEqual([
      ['sessions', 7],
      ['attended', 11],
      ['fillRate', 30.9],
      ['pay', '156.71'],
    ]);
    expect(body.notice).toMatch(/^1 session had no pay rate in effect on its day/);
    expect(body.chart.points).toEqual([
      { trainer: 'Bob Brown', pay: '100.21' },
      { trainer: 'Alice Anders', pay: '56.50' },
      { trainer: 'Cara Cole', pay: null },
    ]);
  });

  it('sorts by any column, unknown pay last, and refuses a column it does not sort by', async () => {
    const byPay = await report(`trainer-insights?${OCTOBER}&sort=pay&dir=desc`);
    expect(byPay.rows.map((r: { trainer: string }) => r.trainer)).toEqual([
      'Bob Brown',
      'Alice Anders',
      'Cara Cole',
    ]);
    const byFill = await report(`trainer-insights?${OCTOBER}&sort=fillRate&dir=asc`);
    expect(byFill.rows.map((r: { fillRate: number }) => r.fillRate)).toEqual([25, 29.4, 33.3]);
    const bad = await call(t.app, 'GET', `/api/reports/trainer-insights?${OCTOBER}&sort=nope`, {
      cookie: studio.owner.cookie,
    });
    expect(bad.status).toBe(400);
    // Page 2 is past the end: no rows, the total still right.
    const past = await report(`trainer-insights?${OCTOBER}&page=2`);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(3);
  });

  it('counts September on its own: the Sep 30 23:30 session, not the Oct 31 one', async () => {
    const body = await report('trainer-insights?period=month&date=2026-09-10');
    expect(body.rows).toEqual([
      expect.objectContaining({ trainer: 'Alice Anders', classes: 1, noShows: 1, pay: '40.00' }),
    ]);
    expect(body.notice).toBeNull();
  });

  it('exports the payroll as CSV', async () => {
    const res = await call(t.app, 'GET', `/api/reports/trainer-insights/export?${OCTOBER}`, {
      cookie: studio.owner.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.text.trim().split('\n')).toEqual([
      'Trainer,Classes taught,Appointments,Attended,No-shows,Places taken,Capacity,Fill rate,Pay (in USD)',
      'Alice Anders,3,0,6,3,10,30,33.3,56.50',
      'Bob Brown,2,1,4,1,5,17,29.4,100.21',
      'Cara Cole,1,0,1,1,2,8,25,',
    ]);
  });
});

describe('class performance', () => {
  it('counts each class’s sessions in the period, appointments and cancelled sessions excluded', async () => {
    const body = await report(`class-performance?${OCTOBER}`);
    expect(body.rows).toEqual([
      {
        class: 'Yoga',
        sessions: 3,
        avgAttendance: 2,
        fillRate: 33.3,
        waitlisted: 2,
        lateCancels: 1,
        noShows: 3,
      },
      {
        class: 'Spin',
        sessions: 3,
        avgAttendance: 1.3,
        fillRate: 25,
        waitlisted: 1,
        lateCancels: 1,
        noShows: 2,
      },
    ]);
    expect(body.sort).toBe('fillRate');
    expect(body.totals).toEqual({
      class: 'Total',
      sessions: 6,
      avgAttendance: 1.7,
      fillRate: 29.6,
      waitlisted: 3,
      lateCancels: 2,
      noShows: 5,
    });
    expect(figure(body, 'sessions')).toBe(6);
    expect(body.chart.points).toEqual([
      { class: 'Yoga', fillRate: 33.3 },
      { class: 'Spin', fillRate: 25 },
    ]);
    const byName = await report(`class-performance?${OCTOBER}&sort=class&dir=asc`);
    expect(byName.rows.map((r: { class: string }) => r.class)).toEqual(['Spin', 'Yoga']);
  });

  it('pages ten classes at a time', async () => {
    // A second studio with 12 classes, one session each on Oct 10 (UTC studio).
    const owner = await createOwner(t.app, 'pro');
    const { insertSession } = await import('../../../test/fixtures/schedule.ts');
    const { scheduleClasses } = await import('../../db/schema/schedule.ts');
    const db = t.deps.database.db;
    for (let i = 1; i <= 12; i += 1) {
      const [c] = await db
        .insert(scheduleClasses)
        .values({
          organizationId: owner.organization.id,
          name: `Class ${String(i).padStart(2, '0')}`,
          capacity: 10,
          durationMinutes: 60,
          startsOn: '2026-10-01',
          startTime: '09:00',
        })
        .returning();
      await insertSession(db, owner.organization.id, {
        classId: c!.id,
        name: c!.name,
        startsAt: new Date('2026-10-10T09:00:00Z'),
      });
    }
    const path = `class-performance?${OCTOBER}&sort=class&dir=asc`;
    const one = await report(path, owner.cookie);
    expect(one.rows).toHaveLength(10);
    expect(one.total).toBe(12);
    const two = await report(`${path}&page=2`, owner.cookie);
    expect(two.rows.map((r: { class: string }) => r.class)).toEqual(['Class 11', 'Class 12']);
    expect(two.rows[0]).toMatchObject({ sessions: 1, avgAttendance: 0, fillRate: 0 });
  });

  it('gives a new studio honest zeros', async () => {
    const owner = await createOwner(t.app);
    const classes = await report(`class-performance?${OCTOBER}`, owner.cookie);
    expect(classes).toMatchObject({ rows: [], total: 0, totals: null, notice: null });
    expect(figure(classes, 'sessions')).toBe(0);
    expect(figure(classes, 'fillRate')).toBeNull();
    expect(classes.chart.points).toEqual([]);
    const trainers = await report(`trainer-insights?${OCTOBER}`, owner.cookie);
    expect(trainers).toMatchObject({ rows: [], total: 0, totals: null, notice: null });
    expect(figure(trainers, 'pay')).toBe('0.00');
  });
});
