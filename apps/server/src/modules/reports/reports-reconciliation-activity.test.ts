import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { addStaff } from '../../../test/fixtures/staff.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { setTimeZone } from '../payments/payments-fixtures.ts';
import { bookings, scheduleClasses } from '../../db/schema/schedule.ts';

// docs/product/reports-and-analytics.md#reports: trainer insights, class performance, first
// bookings and no-shows for January and February 2026, every figure worked out by hand below.
// The SAME sessions and bookings go to a Los Angeles (UTC-8) and an Auckland (UTC+13) studio,
// so sessions near local midnight fall in different months. Rows are written straight into the
// database with explicit past instants.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Status = (typeof bookings.$inferInsert)['status'];
interface Session {
  ref: string;
  at: string;
  klass: 'Yoga' | 'Spin';
  /** A cancelled session: its bookings never count. */
  cancelled: boolean;
  /** [member, status, { created: booking made at (default a day before), waitlisted }] */
  bookings: Array<[string, Status, { created?: string; waitlisted?: boolean }?]>;
}

/**
 * Yoga: Alice, 10 places, $40 a class from 2025-12-01. Spin: Bob, 4 places, $5 an attendee from
 * 2026-02-01 (his rate in effect on the session's LOCAL day). Local days (LA | Auckland):
 *  S6  2026-01-01T05:00Z  Dec 31 21:00 | Jan 1 18:00   Yoga
 *  S1  2026-01-15T18:00Z  Jan 15 10:00 | Jan 16 07:00  Yoga
 *  S2  2026-02-01T07:30Z  Jan 31 23:30 | Feb 1 20:30   Spin (LA: no rate yet on Jan 31)
 *  S3  2026-02-01T08:10Z  Feb 1 00:10  | Feb 1 21:10   Yoga
 *  S4  2026-02-28T10:50Z  Feb 28 02:50 | Feb 28 23:50  Spin
 *  S5  2026-02-28T11:30Z  Feb 28 03:30 | Mar 1 00:30   Yoga
 *  S7  2026-02-10T18:00Z  Feb 10       | Feb 11        Yoga, cancelled (never counted)
 * Per session: attended / no-show / places taken (booked + attended + no-show) / ever
 * waitlisted / late cancels:
 *  S6 1/1/2/0/0  S1 2/1/3/1/1  S2 2/1/3/1/0  S3 3/1/4/0/1  S4 3/1/4/1/0  S5 1/1/3/0/0
 * First bookings made (LA | Auckland month): Mia Dec 20 (Dec | Dec); Max 2025-12-31T11:00Z
 * (Dec 31 03:00 | Jan 1 00:00); Meg 2026-01-01T08:00Z (Jan 1 00:00 | Jan 1 21:00); Mel
 * 2026-01-10T12:00Z and Mo 2026-01-14T18:00Z (Jan | Jan); Mac 2026-02-01T07:50Z (Jan 31 23:50 |
 * Feb 1 20:50).
 */
const session = (
  ref: string,
  at: string,
  klass: Session['klass'],
  bookings: Session['bookings'],
  cancelled = false,
): Session => ({ ref, at, klass, cancelled, bookings });
const SESSIONS: Session[] = [
  session('S6', '2026-01-01T05:00:00Z', 'Yoga', [
    ['Mia', 'attended', { created: '2025-12-20T00:00:00Z' }],
    ['Max', 'no_show', { created: '2025-12-31T11:00:00Z' }],
  ]),
  session('S1', '2026-01-15T18:00:00Z', 'Yoga', [
    ['Mia', 'attended'],
    ['Meg', 'attended', { created: '2026-01-01T08:00:00Z' }],
    ['Mo', 'no_show'],
    ['Mel', 'late_cancelled', { created: '2026-01-10T12:00:00Z' }],
    ['Max', 'waitlisted', { waitlisted: true }],
  ]),
  session('S2', '2026-02-01T07:30:00Z', 'Spin', [
    ['Mia', 'attended'],
    ['Max', 'attended'],
    ['Mo', 'no_show'],
    ['Mel', 'cancelled', { waitlisted: true }],
  ]),
  session('S3', '2026-02-01T08:10:00Z', 'Yoga', [
    ['Mia', 'attended'],
    ['Mo', 'attended'],
    ['Mel', 'no_show'],
    ['Max', 'late_cancelled'],
    ['Mac', 'attended', { created: '2026-02-01T07:50:00Z' }],
  ]),
  session('S4', '2026-02-28T10:50:00Z', 'Spin', [
    ['Mia', 'attended'],
    ['Meg', 'attended'],
    ['Max', 'no_show'],
    ['Mo', 'cancelled'],
    ['Mel', 'attended', { waitlisted: true }],
  ]),
  session('S5', '2026-02-28T11:30:00Z', 'Yoga', [
    ['Mia', 'attended'],
    ['Meg', 'no_show'],
    ['Mo', 'booked'],
  ]),
  session('S7', '2026-02-10T18:00:00Z', 'Yoga', [['Mia', 'cancelled']], true),
];

const HOUR = 3_600_000;

async function buildStudio(zone: string) {
  const owner = await createOwner(t.app, 'pro');
  const org = owner.organization.id;
  const db = t.deps.database.db;
  await setTimeZone(db, org, zone);
  const staff = async (
    firstName: string,
    lastName: string,
    kind: string,
    amount: string,
    from: string,
  ) => {
    const person = await addStaff(t.app, owner.cookie, 'trainer', { firstName, lastName });
    const res = await call(t.app, 'POST', '/api/pay-rates', {
      cookie: owner.cookie,
      body: { staffUserId: person.userId, kind, amount, effectiveFrom: from },
    });
    expect(res.status, res.text).toBe(201);
    return person.userId;
  };
  const trainers = {
    Yoga: await staff('Alice', 'Anders', 'per_class', '40', '2025-12-01'),
    Spin: await staff('Bob', 'Brown', 'per_attendee', '5', '2026-02-01'),
  };
  const classes: Record<string, { id: string; capacity: number }> = {};
  for (const [name, capacity] of [
    ['Yoga', 10],
    ['Spin', 4],
  ] as const) {
    const [row] = await db
      .insert(scheduleClasses)
      .values({
        organizationId: org,
        name,
        capacity,
        durationMinutes: 60,
        trainerUserId: trainers[name],
        startsOn: '2025-12-01',
        startTime: '09:00',
      })
      .returning();
    classes[name] = { id: row!.id, capacity };
  }
  const names = ['Mia', 'Max', 'Meg', 'Mo', 'Mel', 'Mac'];
  const rows = await insertMembers(t, org, names.length, (i) => ({
    firstName: names[i]!,
    lastName: 'Recon',
  }));
  const memberId = Object.fromEntries(names.map((n, i) => [n, rows[i]!.id]));
  for (const s of SESSIONS) {
    const startsAt = new Date(s.at);
    const row = await insertSession(db, org, {
      name: s.klass,
      classId: classes[s.klass]!.id,
      kind: 'class',
      trainerUserId: trainers[s.klass],
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
      capacity: classes[s.klass]!.capacity,
      ...(s.cancelled ? { status: 'cancelled' as const } : {}),
    });
    for (const [member, status, opts = {}] of s.bookings) {
      const createdAt = opts.created
        ? new Date(opts.created)
        : new Date(startsAt.getTime() - 24 * HOUR);
      await db.insert(bookings).values({
        organizationId: org,
        sessionId: row.id,
        memberId: memberId[member]!,
        status,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        createdAt,
        waitlistedAt: opts.waitlisted ? createdAt : null,
        checkedInAt: status === 'attended' ? startsAt : null,
        cancelledAt: status === 'cancelled' || status === 'late_cancelled' ? startsAt : null,
      });
    }
  }
  return { cookie: owner.cookie };
}

type Body = {
  figures: Array<{ key: string; value: unknown; previous?: unknown }>;
  rows: Array<Record<string, unknown>>;
  totals: Record<string, unknown> | null;
  total: number;
  notice: string | null;
};
const figures = (body: Body) => body.figures.map((f) => [f.key, f.value, f.previous]);
const at = (s: string) => new Date(SESSIONS.find((x) => x.ref === s)!.at).toISOString();

interface Month {
  q: string;
  /** [trainer, classes, attended, no-shows, places taken, capacity, fill %, pay] */
  trainers: Array<[string, number, number, number, number, number, number, string | null]>;
  trainerTotals: [number, number, number, number, number, number, string];
  noPayNotice: boolean;
  /** [class, sessions, avg attendance, fill %, waitlisted, late cancels, no-shows], fill desc */
  classes: Array<[string, number, number, number, number, number, number]>;
  classTotals: [number, number, number, number, number, number];
  /** [session, class, member, member's no-shows in the period], newest session first */
  noShows: Array<[string, string, string, number]>;
  /** [no-shows, members, rate %] now and in the previous month */
  noShowFigures: [number, number, number | null, number, number, number | null];
  /** [member, session, status] of first bookings made in the period, newest first */
  firstBookings: Array<[string, string, string]>;
  /** The previous month's count. */
  firstBookingsBefore: number;
}

const MONTHS: Array<{ zone: string; months: Month[] }> = [
  {
    zone: 'America/Los_Angeles',
    months: [
      // S1 and S2. Bob's S2 is on Jan 31, before his rate: no pay, and a notice.
      {
        q: 'period=month&date=2026-01-15',
        trainers: [
          ['Alice Anders', 1, 2, 1, 3, 10, 30, '40.00'],
          ['Bob Brown', 1, 2, 1, 3, 4, 75, null],
        ],
        trainerTotals: [2, 4, 2, 6, 14, 42.9, '40.00'],
        noPayNotice: true,
        classes: [
          ['Spin', 1, 2, 75, 1, 0, 1],
          ['Yoga', 1, 2, 30, 1, 1, 1],
        ],
        classTotals: [2, 2, 42.9, 2, 1, 2],
        noShows: [
          ['S2', 'Spin', 'Mo Recon', 2],
          ['S1', 'Yoga', 'Mo Recon', 2],
        ],
        // 2 ÷ (4 + 2) = 33.3 %; December: S6, 1 ÷ (1 + 1) = 50 %.
        noShowFigures: [2, 1, 33.3, 1, 1, 50],
        firstBookings: [
          ['Mac Recon', 'S3', 'Attended'],
          ['Mo Recon', 'S1', 'No-show'],
          ['Mel Recon', 'S1', 'Late cancel'],
          ['Meg Recon', 'S1', 'Attended'],
        ],
        firstBookingsBefore: 2,
      },
      // S3, S4, S5: Alice 2 × $40; Bob 3 attendees × $5 on S4.
      {
        q: 'period=month&date=2026-02-15',
        trainers: [
          ['Alice Anders', 2, 4, 2, 7, 20, 35, '80.00'],
          ['Bob Brown', 1, 3, 1, 4, 4, 100, '15.00'],
        ],
        trainerTotals: [3, 7, 3, 11, 24, 45.8, '95.00'],
        noPayNotice: false,
        classes: [
          ['Spin', 1, 3, 100, 1, 0, 1],
          ['Yoga', 2, 2, 35, 0, 1, 2],
        ],
        classTotals: [3, 2.3, 45.8, 1, 1, 3],
        noShows: [
          ['S5', 'Yoga', 'Meg Recon', 1],
          ['S4', 'Spin', 'Max Recon', 1],
          ['S3', 'Yoga', 'Mel Recon', 1],
        ],
        // 3 ÷ (7 + 3) = 30 %.
        noShowFigures: [3, 3, 30, 2, 1, 33.3],
        firstBookings: [],
        firstBookingsBefore: 4,
      },
    ],
  },
  {
    zone: 'Pacific/Auckland',
    months: [
      // S6 and S1, both Alice's Yoga.
      {
        q: 'period=month&date=2026-01-15',
        trainers: [['Alice Anders', 2, 3, 2, 5, 20, 25, '80.00']],
        trainerTotals: [2, 3, 2, 5, 20, 25, '80.00'],
        noPayNotice: false,
        classes: [['Yoga', 2, 1.5, 25, 1, 1, 2]],
        classTotals: [2, 1.5, 25, 1, 1, 2],
        noShows: [
          ['S1', 'Yoga', 'Mo Recon', 1],
          ['S6', 'Yoga', 'Max Recon', 1],
        ],
        // 2 ÷ (3 + 2) = 40 %; December had no sessions.
        noShowFigures: [2, 2, 40, 0, 0, null],
        firstBookings: [
          ['Mo Recon', 'S1', 'No-show'],
          ['Mel Recon', 'S1', 'Late cancel'],
          ['Meg Recon', 'S1', 'Attended'],
          ['Max Recon', 'S6', 'No-show'],
        ],
        firstBookingsBefore: 1,
      },
      // S2, S3, S4 (S5 is Mar 1). Bob: 2 × $5 on S2 (Feb 1, his rate's first day) + 3 × $5 on S4.
      {
        q: 'period=month&date=2026-02-15',
        trainers: [
          ['Alice Anders', 1, 3, 1, 4, 10, 40, '40.00'],
          ['Bob Brown', 2, 5, 2, 7, 8, 87.5, '25.00'],
        ],
        trainerTotals: [3, 8, 3, 11, 18, 61.1, '65.00'],
        noPayNotice: false,
        classes: [
          ['Spin', 2, 2.5, 87.5, 2, 0, 2],
          ['Yoga', 1, 3, 40, 0, 1, 1],
        ],
        classTotals: [3, 2.7, 61.1, 2, 1, 3],
        noShows: [
          ['S4', 'Spin', 'Max Recon', 1],
          ['S3', 'Yoga', 'Mel Recon', 1],
          ['S2', 'Spin', 'Mo Recon', 1],
        ],
        // 3 ÷ (8 + 3) = 27.3 %.
        noShowFigures: [3, 3, 27.3, 2, 2, 40],
        firstBookings: [['Mac Recon', 'S3', 'Attended']],
        firstBookingsBefore: 4,
      },
    ],
  },
];

const TRAINER_KEYS = [
  'classes',
  'attended',
  'noShows',
  'placesTaken',
  'capacity',
  'fillRate',
  'pay',
];
const CLASS_KEYS = [
  'sessions',
  'avgAttendance',
  'fillRate',
  'waitlisted',
  'lateCancels',
  'noShows',
];
const pick = (row: Record<string, unknown>, keys: string[]) => keys.map((k) => row[k]);

for (const studio of MONTHS)
  describe(`performance and activity reconciliation in ${studio.zone}`, () => {
    let s: { cookie: string };
    beforeAll(async () => {
      s = await buildStudio(studio.zone);
    });
    const get = async (id: string, query: string): Promise<Body> => {
      const res = await call(t.app, 'GET', `/api/reports/${id}?${query}`, { cookie: s.cookie });
      expect(res.status, `${id}?${query}: ${res.text}`).toBe(200);
      return res.body as Body;
    };

    for (const m of studio.months)
      it(`${m.q}: trainer insights and class performance as worked out by hand`, async () => {
        const trainers = await get('trainer-insights', m.q);
        expect(trainers.rows.map((r) => [r.trainer, ...pick(r, TRAINER_KEYS)])).toEqual(m.trainers);
        expect(trainers.rows.every((r) => r.appointments === 0)).toBe(true);
        const [classes, attended, , , , fill, pay] = m.trainerTotals;
        expect(pick(trainers.totals!, TRAINER_KEYS)).toEqual(m.trainerTotals);
        expect(figures(trainers).map(([k, v]) => [k, v])).toEqual([
          ['sessions', classes],
          ['attended', attended],
          ['fillRate', fill],
          ['pay', pay],
        ]);
        if (m.noPayNotice) expect(trainers.notice).toMatch(/^1 session had no pay rate/);
        else expect(trainers.notice).toBeNull();

        const perClass = await get('class-performance', m.q);
        expect(perClass.rows.map((r) => [r.class, ...pick(r, CLASS_KEYS)])).toEqual(m.classes);
        expect(pick(perClass.totals!, CLASS_KEYS)).toEqual(m.classTotals);
      });

    it('a custom period of both months sums the two months', async () => {
      const q = 'period=custom&from=2026-01-01&to=2026-02-28';
      const sum = (pick: (m: Month) => number) => studio.months.reduce((n, m) => n + pick(m), 0);
      const trainers = await get('trainer-insights', q);
      expect(trainers.totals).toMatchObject({
        classes: sum((m) => m.trainerTotals[0]),
        attended: sum((m) => m.trainerTotals[1]),
        noShows: sum((m) => m.trainerTotals[2]),
        placesTaken: sum((m) => m.trainerTotals[3]),
        capacity: sum((m) => m.trainerTotals[4]),
        pay: (sum((m) => Math.round(Number(m.trainerTotals[6]) * 100)) / 100).toFixed(2),
      });
      const perClass = await get('class-performance', q);
      expect(perClass.totals).toMatchObject({
        sessions: sum((m) => m.classTotals[0]),
        waitlisted: sum((m) => m.classTotals[3]),
        lateCancels: sum((m) => m.classTotals[4]),
        noShows: sum((m) => m.classTotals[5]),
      });
      const noShows = await get('no-shows', q);
      expect(noShows.total).toBe(sum((m) => m.noShows.length));
      const first = await get('first-bookings', q);
      expect(first.total).toBe(sum((m) => m.firstBookings.length));
    });

    for (const m of studio.months)
      it(`${m.q}: no-shows and first bookings as worked out by hand`, async () => {
        const noShows = await get('no-shows', m.q);
        expect(
          noShows.rows.map((r) => [r.sessionStart, r.class, r.member, r.memberNoShows]),
        ).toEqual(m.noShows.map(([ref, ...rest]) => [at(ref), ...rest]));
        const [n, members, rate, nBefore, membersBefore, rateBefore] = m.noShowFigures;
        expect(figures(noShows)).toEqual([
          ['noShows', n, nBefore],
          ['members', members, membersBefore],
          ['rate', rate, rateBefore],
        ]);
        const first = await get('first-bookings', m.q);
        expect(first.rows.map((r) => [r.member, r.sessionStart, r.status])).toEqual(
          m.firstBookings.map(([member, ref, status]) => [member, at(ref), status]),
        );
        expect(figures(first)).toEqual([
          ['firstBookings', m.firstBookings.length, m.firstBookingsBefore],
        ]);
      });
  });
