import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { addStaff } from '../../../test/fixtures/staff.ts';
import { localDate, localMidnight, localWeekday } from '../../../test/fixtures/zones.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { bookings } from '../../db/schema/schedule.ts';

// docs/product/dashboards.md#studio-home, #staff-dashboard; docs/product/staff.md#staff-screen

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function studioIn(timeZone: string, locale = 'en-US') {
  const owner = await createOwner(t.app, 'pro');
  await t.deps.database.db
    .update(organizations)
    .set({ timezone: timeZone, locale })
    .where(eq(organizations.id, owner.organization.id));
  return owner;
}

/**
 * This week in `timeZone`, computed with Intl only, from the locale's first day: 1 (Monday) for
 * de-DE, 0 (Sunday) for en-US.
 */
function weekIn(timeZone: string, firstDay: number) {
  const sinceFirst = (localWeekday(timeZone) - firstDay + 7) % 7;
  return {
    start: localMidnight(timeZone, -sinceFirst),
    end: localMidnight(timeZone, 7 - sinceFirst),
  };
}

describe('GET /api/dashboard/home', () => {
  it('computes the figures from the studio records, split at local midnight', async () => {
    const studios = [
      { timeZone: 'Pacific/Kiritimati', locale: 'de-DE', firstDay: 1 },
      { timeZone: 'America/Los_Angeles', locale: 'en-US', firstDay: 0 },
    ];
    for (const { timeZone, locale, firstDay } of studios) {
      const owner = await studioIn(timeZone, locale);
      const orgId = owner.organization.id;
      const db = t.deps.database.db;
      const todayStart = localMidnight(timeZone, 0);
      const tomorrowStart = localMidnight(timeZone, 1);
      const week = weekIn(timeZone, firstDay);

      // Last hour of today, first minute of tomorrow, last hour of yesterday, and a cancelled one.
      const today = await insertSession(db, orgId, {
        name: 'Late Yoga',
        startsAt: new Date(tomorrowStart - 61 * MINUTE),
        capacity: 10,
      });
      const tomorrow = await insertSession(db, orgId, {
        name: 'Dawn Spin',
        startsAt: new Date(tomorrowStart + MINUTE),
        capacity: 4,
      });
      const yesterday = await insertSession(db, orgId, {
        name: 'Night Boxing',
        startsAt: new Date(todayStart - 61 * MINUTE),
        capacity: 6,
      });
      const cancelled = await insertSession(db, orgId, {
        name: 'Cancelled Pilates',
        startsAt: new Date(todayStart + MINUTE),
        capacity: 5,
        status: 'cancelled',
      });

      const people = await insertMembers(t, orgId, 6, (i) => ({
        createdAt: new Date(Date.now() - (i + 1) * HOUR),
        ...[
          { membershipEndDate: localDate(timeZone, 3) },
          { membershipEndDate: localDate(timeZone, 14) },
          { membershipEndDate: localDate(timeZone, 15) },
          { membershipEndDate: localDate(timeZone, -1) },
          { membershipEndDate: localDate(timeZone, 2), membershipStatus: 'cancelled' as const },
          { membershipStatus: 'suspended' as const },
        ][i],
      }));
      const place = (session: typeof today, member: number, status: string) => ({
        organizationId: orgId,
        sessionId: session.id,
        memberId: people[member]!.id,
        status: status as 'booked',
        startsAt: session.startsAt,
        endsAt: session.endsAt,
      });
      await db
        .insert(bookings)
        .values([
          place(today, 0, 'booked'),
          place(today, 1, 'booked'),
          place(today, 2, 'attended'),
          place(today, 3, 'cancelled'),
          place(today, 4, 'waitlisted'),
          place(tomorrow, 0, 'booked'),
          place(yesterday, 0, 'booked'),
          place(cancelled, 1, 'booked'),
        ]);

      const res = await call(t.app, 'GET', '/api/dashboard/home', { cookie: owner.cookie });
      expect(res.status, res.text).toBe(200);

      const inWeek = [
        { s: today, booked: 3 },
        { s: tomorrow, booked: 1 },
        { s: yesterday, booked: 1 },
      ].filter(({ s }) => s.startsAt.getTime() >= week.start && s.startsAt.getTime() < week.end);
      const booked = inWeek.reduce((n, x) => n + x.booked, 0);
      const capacity = inWeek.reduce((n, x) => n + x.s.capacity, 0);
      expect(res.body.classBookings, timeZone).toEqual({ today: 3, thisWeek: booked });
      expect(res.body.bookingsVsCapacity, timeZone).toEqual({
        booked,
        capacity,
        percent: Math.round((booked / capacity) * 100),
      });
      expect(res.body.activeMembers).toBe(4);
      expect(res.body.monthlyRevenue).toBe('0.00');
      expect(res.body.newestSignups.map((m: { id: string }) => m.id)).toEqual(
        people.slice(0, 5).map((p) => p.id),
      );
      expect(res.body.newestSignups[0].joinedAt).toBe(people[0]!.createdAt.toISOString());
      expect(res.body.expiringMembers, timeZone).toEqual([
        expect.objectContaining({ id: people[0]!.id, endsOn: localDate(timeZone, 3) }),
        expect.objectContaining({ id: people[1]!.id, endsOn: localDate(timeZone, 14) }),
      ]);
      expect(
        res.body.today.map((s: { id: string }) => s.id),
        timeZone,
      ).toEqual([today.id]);
      expect(
        res.body.tomorrow.map((s: { id: string }) => s.id),
        timeZone,
      ).toEqual([tomorrow.id]);
      expect(res.body.today[0]).toMatchObject({
        name: 'Late Yoga',
        capacity: 10,
        status: 'scheduled',
        trainer: null,
        facility: null,
      });
    }
  });

  it('is open to every role and shows an empty studio as zeros', async () => {
    const owner = await createOwner(t.app);
    const staff = await addStaff(t.app, owner.cookie, 'staff');
    const res = await call(t.app, 'GET', '/api/dashboard/home', { cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      classBookings: { today: 0, thisWeek: 0 },
      bookingsVsCapacity: { booked: 0, capacity: 0, percent: 0 },
      activeMembers: 0,
      monthlyRevenue: '0.00',
      newestSignups: [],
      expiringMembers: [],
      today: [],
      tomorrow: [],
    });
  });
});

describe('schedule figures of /api/dashboard/summary and /api/staff', () => {
  it('counts classes this week, the next class and the staff on duty today', async () => {
    const timeZone = 'America/Los_Angeles';
    const owner = await studioIn(timeZone);
    const orgId = owner.organization.id;
    const db = t.deps.database.db;
    const trainer = await addStaff(t.app, owner.cookie, 'trainer');
    const admin = await addStaff(t.app, owner.cookie, 'admin');
    const staff = await addStaff(t.app, owner.cookie, 'staff');
    const todayStart = localMidnight(timeZone, 0);
    const tomorrowStart = localMidnight(timeZone, 1);
    const now = Date.now();
    const rows = [
      // Today: the trainer twice, the admin, the owner (not on the Staff screen), a cancelled one.
      { trainerUserId: trainer.userId, startsAt: new Date(todayStart + MINUTE) },
      { trainerUserId: trainer.userId, startsAt: new Date(tomorrowStart - 2 * HOUR) },
      { trainerUserId: admin.userId, startsAt: new Date(todayStart + 2 * MINUTE) },
      { trainerUserId: owner.userId, startsAt: new Date(todayStart + 3 * MINUTE) },
      { trainerUserId: staff.userId, startsAt: new Date(todayStart + MINUTE), status: 'cancelled' },
      // Later: the staff member tomorrow, the trainer in an hour, the owner in three.
      { trainerUserId: staff.userId, startsAt: new Date(tomorrowStart + HOUR) },
      { trainerUserId: trainer.userId, startsAt: new Date(now + HOUR) },
      { trainerUserId: owner.userId, startsAt: new Date(now + 3 * HOUR) },
    ] as const;
    const sessions = [];
    for (const values of rows) sessions.push(await insertSession(db, orgId, values));

    const week = weekIn(timeZone, 0);
    const scheduled = sessions.filter((s) => s.status === 'scheduled');
    const thisWeek = scheduled.filter(
      (s) => s.startsAt.getTime() >= week.start && s.startsAt.getTime() < week.end,
    ).length;
    const future = scheduled
      .filter((s) => s.startsAt.getTime() > Date.now())
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const ownersNext = future.find((s) => s.trainerUserId === owner.userId)!;

    const mine = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: owner.cookie });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.classesThisWeek).toBe(thisWeek);
    expect(mine.body.onDutyToday).toBe(2);
    expect(mine.body.nextClass).toMatchObject({
      id: ownersNext.id,
      trainer: { userId: owner.userId },
    });
    // The staff member teaches nothing upcoming but tomorrow's class, which may not be first.
    const staffView = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: staff.cookie });
    const staffNext = future.find((s) => s.trainerUserId === staff.userId)!;
    expect(staffView.body.nextClass.id).toBe(staffNext.id);

    const team = await call(t.app, 'GET', '/api/staff', { cookie: owner.cookie });
    expect(team.body.stats).toEqual({ totalStaff: 3, onDutyToday: 2, trainers: 1 });

    const empty = await createOwner(t.app);
    const none = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: empty.cookie });
    expect(none.body).toMatchObject({ classesThisWeek: 0, nextClass: null, onDutyToday: 0 });
    const noTeacher = await addStaff(t.app, empty.cookie, 'staff');
    await insertSession(db, empty.organization.id, { startsAt: new Date(now + HOUR) });
    const studioNext = await call(t.app, 'GET', '/api/dashboard/summary', {
      cookie: noTeacher.cookie,
    });
    expect(studioNext.body.nextClass).toMatchObject({ trainer: null });
  });
});
