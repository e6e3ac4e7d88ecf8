import { scheduleClassInputSchema } from '@fitbase/domain/contracts/schedule';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { classSessions, scheduleClasses } from '../../db/schema/schedule.ts';
import { createClass } from './schedule-classes.service.ts';
import { extendHorizons } from './schedule-jobs.service.ts';
import { listSessions } from './schedule-sessions.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const T0 = new Date('2026-03-02T05:00:00Z');
const DAY = 86_400_000;

async function classWithSessions(organizationId: string, body: Record<string, unknown>, now = T0) {
  const org = { organizationId, role: 'owner' as const };
  const input = scheduleClassInputSchema.parse({
    name: 'Morning Yoga',
    capacity: 10,
    durationMinutes: 60,
    startsOn: '2026-03-02',
    startTime: '07:00',
    recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
    ...body,
  });
  return runInStudio(t.deps.database.db, organizationId, (tx, work) =>
    createClass({ ...org, work, db: tx }, input, now),
  );
}

async function sessionCount(classId: string) {
  const [row] = await t.deps.database.db
    .select({ n: count() })
    .from(classSessions)
    .where(eq(classSessions.classId, classId));
  return row!.n;
}

describe('extendHorizons', () => {
  it('keeps 12 weeks of sessions ahead and creates nothing new when run twice', async () => {
    const owner = await createOwner(t.app, 'pro');
    const cls = await classWithSessions(owner.organization.id, {});
    expect(await sessionCount(cls.id)).toBe(37);
    const oneOff = await classWithSessions(owner.organization.id, {
      name: 'Open Day',
      recurrenceRule: null,
      startTime: '12:00',
    });

    const later = new Date(T0.getTime() + 14 * DAY);
    await extendHorizons(t.deps, later);
    expect(await sessionCount(cls.id)).toBe(43);
    const [row] = await t.deps.database.db
      .select({ until: scheduleClasses.generatedUntil })
      .from(scheduleClasses)
      .where(eq(scheduleClasses.id, cls.id));
    expect(row!.until).toBe('2026-06-08');

    await extendHorizons(t.deps, later);
    expect(await sessionCount(cls.id)).toBe(43);
    expect(await sessionCount(oneOff.id)).toBe(1);
  });

  it('uses the class as it is now: a changed start time applies to new sessions', async () => {
    const owner = await createOwner(t.app, 'pro');
    const cls = await classWithSessions(owner.organization.id, { recurrenceRule: 'FREQ=DAILY' });
    await t.deps.database.db
      .update(scheduleClasses)
      .set({ startTime: '09:30' })
      .where(eq(scheduleClasses.id, cls.id));
    await extendHorizons(t.deps, new Date(T0.getTime() + 2 * DAY));
    const rows = await t.deps.database.db
      .select({ startsAt: classSessions.startsAt })
      .from(classSessions)
      .where(eq(classSessions.classId, cls.id))
      .orderBy(classSessions.startsAt);
    expect(rows).toHaveLength(85 + 2);
    expect(rows.at(-1)!.startsAt.toISOString()).toBe('2026-05-27T09:30:00.000Z');
  });
});

describe('week view counts', () => {
  it("counts today's and this week's scheduled sessions and their bookings", async () => {
    const owner = await createOwner(t.app, 'pro');
    const orgId = owner.organization.id;
    // Monday 2026-03-02 05:00 UTC; sessions Mon/Wed/Fri at 07:00, plus a one-off on Sunday.
    const cls = await classWithSessions(orgId, {});
    await classWithSessions(orgId, {
      name: 'Sunday Special',
      recurrenceRule: null,
      startsOn: '2026-03-08',
    });
    await classWithSessions(orgId, {
      name: 'Next Week',
      recurrenceRule: null,
      startsOn: '2026-03-09',
    });
    await t.deps.database.db
      .update(classSessions)
      .set({ bookedCount: 4 })
      .where(eq(classSessions.classId, cls.id));
    const scope = { organizationId: orgId, role: 'owner' as const, userId: owner.userId };
    const query = { from: '2026-03-02T00:00:00Z', to: '2026-03-09T00:00:00Z' };
    // A studio whose week runs Monday to Sunday.
    await t.deps.database.db
      .update(organizations)
      .set({ locale: 'de-DE' })
      .where(eq(organizations.id, orgId));
    const week = await runInStudio(t.deps.database.db, orgId, (_tx, unit) =>
      listSessions({ ...scope, work: unit }, query, T0),
    );
    expect(week.counts).toEqual({ today: 1, thisWeek: 4, bookings: 12 });
    // This week starts on the studio's first day of the week (ADR 0038): a de-DE studio's week
    // is Monday to Sunday (the four above), an en-US one's Sunday 1 to Saturday 7 March (Sunday
    // Special on the 8th is next week), an ar-EG one's Saturday 28 February to Friday 6 March.
    const counts = async (locale: string) => {
      await t.deps.database.db
        .update(organizations)
        .set({ locale })
        .where(eq(organizations.id, orgId));
      return (
        await runInStudio(t.deps.database.db, orgId, (_tx, unit) =>
          listSessions({ ...scope, work: unit }, query, T0),
        )
      ).counts;
    };
    expect(await counts('de-DE')).toEqual({ today: 1, thisWeek: 4, bookings: 12 });
    expect(await counts('en-US')).toEqual({ today: 1, thisWeek: 3, bookings: 12 });
    expect(await counts('ar-EG')).toEqual({ today: 1, thisWeek: 3, bookings: 12 });
    expect(week.sessions.map((s) => s.name)).toEqual([
      'Morning Yoga',
      'Morning Yoga',
      'Morning Yoga',
      'Sunday Special',
    ]);
  });

  it('refuses ranges over 42 days or backwards', async () => {
    const owner = await createOwner(t.app);
    const long = await call(
      t.app,
      'GET',
      '/api/sessions?from=2026-03-01T00:00:00Z&to=2026-05-01T00:00:00Z',
      { cookie: owner.cookie },
    );
    expect(long.status).toBe(400);
    const backwards = await call(
      t.app,
      'GET',
      '/api/sessions?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z',
      { cookie: owner.cookie },
    );
    expect(backwards.status).toBe(400);
  });
});

describe('facilities', () => {
  it('adds, renames and deletes rooms, guarding the sessions that use them', async () => {
    const owner = await createOwner(t.app, 'pro');
    const post = (body: unknown) =>
      call(t.app, 'POST', '/api/facilities', { cookie: owner.cookie, body });
    const room = await post({ name: ' Studio A ', capacity: 20 });
    expect(room.status, room.text).toBe(201);
    expect(room.body).toMatchObject({ name: 'Studio A', capacity: 20 });
    expect((await post({ name: 'studio a', capacity: 5 })).status).toBe(409);
    expect((await post({ name: '', capacity: 0 })).status).toBe(400);

    const res = await call(t.app, 'POST', '/api/classes', {
      cookie: owner.cookie,
      body: {
        name: 'Spin',
        capacity: 18,
        durationMinutes: 45,
        startsOn: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10),
        startTime: '07:00',
        recurrenceRule: null,
        facilityId: room.body.id,
      },
    });
    expect(res.status, res.text).toBe(201);
    const shrink = await call(t.app, 'PATCH', `/api/facilities/${room.body.id}`, {
      cookie: owner.cookie,
      body: { capacity: 15 },
    });
    expect(shrink.status).toBe(409);
    expect(shrink.body.error.code).toBe('facility_capacity');
    const rename = await call(t.app, 'PATCH', `/api/facilities/${room.body.id}`, {
      cookie: owner.cookie,
      body: { name: 'Studio B', capacity: 18 },
    });
    expect(rename.body).toMatchObject({ name: 'Studio B', capacity: 18 });

    const inUse = await call(t.app, 'DELETE', `/api/facilities/${room.body.id}`, {
      cookie: owner.cookie,
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatchObject({
      code: 'facility_in_use',
      message: 'Studio B is used by 1 upcoming session. Move or cancel them first.',
    });
    await call(t.app, 'DELETE', `/api/classes/${res.body.id}`, { cookie: owner.cookie });
    const gone = await call(t.app, 'DELETE', `/api/facilities/${room.body.id}`, {
      cookie: owner.cookie,
    });
    expect(gone.status).toBe(204);
    const list = await call(t.app, 'GET', '/api/facilities', { cookie: owner.cookie });
    expect(list.body.facilities).toEqual([]);
  });
});
