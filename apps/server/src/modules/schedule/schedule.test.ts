import { scheduleClassInputSchema, type SessionSummary } from '@fitbase/domain/contracts/schedule';
import { addDays, expandOccurrences, localTimeOf, mondayOf } from '@fitbase/domain/recurrence';
import { SESSION_HORIZON_WEEKS } from '@fitbase/domain/schedule-constants';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { buildTeam, type Team } from '../../../test/fixtures/staff.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { bookings, classSessions } from '../../db/schema/schedule.ts';
import { createClass } from './schedule-classes.service.ts';

let t: TestContext;
let team: Team;
const NY = 'America/New_York';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t.app);
}, 60_000);
afterAll(async () => t?.close());

/** The Monday at least two weeks ahead (UTC dates): every session of that week is upcoming. */
const futureMonday = (weeksAhead = 2) =>
  mondayOf(addDays(new Date().toISOString().slice(0, 10), weeksAhead * 7));

async function setTimeZone(organizationId: string, timezone: string) {
  await t.deps.database.db
    .update(organizations)
    .set({ timezone })
    .where(eq(organizations.id, organizationId));
}

const post = (cookie: string, path: string, body: unknown) =>
  call(t.app, 'POST', path, { cookie, body });
const patch = (cookie: string, path: string, body: unknown) =>
  call(t.app, 'PATCH', path, { cookie, body });

async function sessionsOf(cookie: string, classId: string, from: string, days = 7) {
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + days * DAY).toISOString();
  const res = await call(
    t.app,
    'GET',
    `/api/sessions?from=${from}T00:00:00Z&to=${to}&classId=${classId}`,
    {
      cookie,
    },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.sessions as SessionSummary[];
}

const yoga = (overrides: Record<string, unknown> = {}) => ({
  name: 'Morning Yoga',
  capacity: 10,
  durationMinutes: 60,
  startsOn: futureMonday(),
  startTime: '07:00',
  recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
  ...overrides,
});

describe('the week view answer', () => {
  it('is gzipped for a browser and reads the same as the plain one', async () => {
    const owner = await createOwner(t.app, 'pro');
    const created = await post(owner.cookie, '/api/classes', yoga());
    expect(created.status, created.text).toBe(201);
    const from = `${yoga().startsOn}T00:00:00Z`;
    const to = new Date(Date.parse(from) + 7 * DAY).toISOString();
    const url = `http://localhost:3000/api/sessions?from=${from}&to=${to}`;
    const plain = await t.app.request(url, { headers: { cookie: owner.cookie } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const zipped = await t.app.request(url, {
      headers: { cookie: owner.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('content-type')).toMatch(/^application\/json/);
    const text = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString();
    const body = JSON.parse(text) as { sessions: SessionSummary[] };
    expect(body).toEqual(await plain.json());
    expect(body.sessions).toHaveLength(3);
  });
});

describe('creating classes', () => {
  it('generates Mon/Wed/Fri sessions at 07:00 in the organization time zone, to the horizon', async () => {
    const owner = await createOwner(t.app, 'pro');
    await setTimeZone(owner.organization.id, NY);
    const res = await post(owner.cookie, '/api/classes', yoga());
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Morning Yoga',
      recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      startTime: '07:00',
      endsOn: null,
    });
    const monday = yoga().startsOn;
    const week = await sessionsOf(owner.cookie, res.body.id, monday, 7);
    expect(week.map((s) => localTimeOf(new Date(s.startsAt), NY))).toEqual([
      '07:00',
      '07:00',
      '07:00',
    ]);
    expect(week.map((s) => new Date(s.startsAt).getUTCDay())).toEqual([1, 3, 5]);
    expect(week[0]).toMatchObject({
      capacity: 10,
      bookedCount: 0,
      status: 'scheduled',
      detached: false,
      trainer: null,
    });
    const horizon = addDays(new Date().toISOString().slice(0, 10), SESSION_HORIZON_WEEKS * 7 + 1);
    const expected = expandOccurrences({
      rule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      startsOn: monday,
      startTime: '07:00',
      timeZone: NY,
      from: monday,
      to: horizon,
    });
    expect(res.body.upcomingSessions).toBeGreaterThanOrEqual(expected.length - 1);
    expect(res.body.upcomingSessions).toBeGreaterThanOrEqual(3 * (SESSION_HORIZON_WEEKS - 2));
    expect(res.body.nextSessionAt).toBe(week[0]!.startsAt);
  });

  it('keeps 07:00 local across a daylight-saving change (America/New_York)', async () => {
    const owner = await createOwner(t.app, 'pro');
    await setTimeZone(owner.organization.id, NY);
    const input = scheduleClassInputSchema.parse(yoga({ startsOn: '2026-03-02' }));
    const now = new Date('2026-03-01T12:00:00Z');
    const org = { organizationId: owner.organization.id, role: 'owner' as const };
    const cls = await runInStudio(t.deps.database.db, org.organizationId, (tx, work) =>
      createClass({ ...org, work, db: tx }, input, now),
    );
    const rows = await t.deps.database.db
      .select()
      .from(classSessions)
      .where(eq(classSessions.classId, cls.id));
    const starts = rows.map((r) => r.startsAt.toISOString()).sort();
    expect(starts).toContain('2026-03-06T12:00:00.000Z');
    expect(starts).toContain('2026-03-09T11:00:00.000Z');
    expect(starts.at(-1)).toBe('2026-05-22T11:00:00.000Z');
    expect(new Set(rows.map((r) => localTimeOf(r.startsAt, NY)))).toEqual(new Set(['07:00']));
    expect(rows).toHaveLength(36);
  });

  it('creates a one-off class with exactly one session', async () => {
    const res = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({ name: 'Open Day', recurrenceRule: null, startTime: '10:00' }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ recurrenceRule: null, upcomingSessions: 1, endsOn: null });
    const [only, ...rest] = await sessionsOf(team.owner.cookie, res.body.id, yoga().startsOn, 42);
    expect(rest).toEqual([]);
    expect(only!.startsAt).toBe(`${yoga().startsOn}T10:00:00.000Z`);
  });

  it('ends a series on its end date', async () => {
    const startsOn = futureMonday();
    const res = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({
        name: 'Short Course',
        kind: 'course',
        startTime: '12:00',
        endsOn: addDays(startsOn, 9),
      }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'course',
      upcomingSessions: 5,
      endsOn: addDays(startsOn, 9),
    });
  });

  it('refuses invalid rules, dates and times with a field message', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [
        { recurrenceRule: 'FREQ=HOURLY' },
        'recurrenceRule',
        /^Recurrence rule is not valid: .*at most daily/,
      ],
      [
        { recurrenceRule: 'FREQ=WEEKLY;FOO=1' },
        'recurrenceRule',
        /^Recurrence rule is not valid: /,
      ],
      [
        { recurrenceRule: 'DTSTART:20260101T070000Z\nRRULE:FREQ=DAILY' },
        'recurrenceRule',
        /without DTSTART/,
      ],
      [{ endsOn: '2020-01-01' }, 'endsOn', /End date cannot be before the start date/],
      [{ startTime: '25:00' }, 'startTime', /Start time must be a time such as 07:00/],
      [{ startsOn: '2026-02-30' }, 'startsOn', /Start date must be a date/],
      [{ recurrenceRule: null, startsOn: '2020-01-06' }, 'startsOn', /no sessions from now on/],
      [{ durationMinutes: undefined }, 'durationMinutes', /Duration \(minutes\) is required/],
      [{ color: 'blue' }, 'color', /hex colour/],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await post(
        team.owner.cookie,
        '/api/classes',
        yoga({ name: 'Invalid', ...overrides }),
      );
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error.fields?.[field], JSON.stringify(res.body)).toMatch(message);
    }
  });

  it('refuses an unknown organization time zone', async () => {
    const owner = await createOwner(t.app, 'pro');
    await setTimeZone(owner.organization.id, 'Mars/Olympus_Mons');
    const res = await post(owner.cookie, '/api/classes', yoga());
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Unknown time zone');
  });

  it("takes name and duration from the service and refuses another studio's service or a non-staff trainer", async () => {
    const service = await post(team.owner.cookie, '/api/services', {
      name: 'Spin',
      durationMinutes: 45,
    });
    const res = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({
        name: undefined,
        durationMinutes: undefined,
        serviceId: service.body.id,
        startTime: '21:00',
      }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Spin',
      durationMinutes: 45,
      serviceId: service.body.id,
    });

    const other = await createOwner(t.app);
    const foreign = await post(other.cookie, '/api/services', {
      name: 'Theirs',
      durationMinutes: 30,
    });
    const refused = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({ serviceId: foreign.body.id }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.serviceId).toBe('Choose a service of your studio');
    const stranger = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({ trainerUserId: other.userId }),
    );
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.fields.trainerUserId).toBe('Choose a trainer from your staff');
  });

  it('refuses a capacity larger than the room', async () => {
    const owner = await createOwner(t.app, 'pro');
    const room = await post(owner.cookie, '/api/facilities', { name: 'Studio A', capacity: 15 });
    const res = await post(
      owner.cookie,
      '/api/classes',
      yoga({ capacity: 20, facilityId: room.body.id }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Capacity 20 is more than Studio A holds (15).');
  });
});

describe('the clash rule', () => {
  it('refuses a trainer or a room in two overlapping sessions, naming the clash', async () => {
    const owner = await createOwner(t.app, 'pro');
    const { addStaff } = await import('../../../test/fixtures/staff.ts');
    const alex = await addStaff(t.app, owner.cookie, 'trainer', {
      firstName: 'Alex',
      lastName: 'Kim',
    });
    const jo = await addStaff(t.app, owner.cookie, 'trainer', { firstName: 'Jo', lastName: 'Lee' });
    const room = await post(owner.cookie, '/api/facilities', { name: 'Studio A', capacity: 30 });
    const first = await post(
      owner.cookie,
      '/api/classes',
      yoga({ trainerUserId: alex.userId, facilityId: room.body.id }),
    );
    expect(first.status, first.text).toBe(201);
    const wednesday = addDays(futureMonday(), 2);
    const when = new Date(`${wednesday}T07:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });

    const byTrainer = await post(
      owner.cookie,
      '/api/classes',
      yoga({
        name: 'Pilates',
        recurrenceRule: 'FREQ=WEEKLY;BYDAY=WE',
        startTime: '07:30',
        trainerUserId: alex.userId,
      }),
    );
    expect(byTrainer.status).toBe(409);
    expect(byTrainer.body.error).toMatchObject({
      code: 'schedule_clash',
      message: `Alex Kim already teaches Morning Yoga on ${when}, 7:00 AM.`,
    });

    const byRoom = await post(
      owner.cookie,
      '/api/classes',
      yoga({
        name: 'Spin',
        recurrenceRule: 'FREQ=WEEKLY;BYDAY=WE',
        startTime: '06:30',
        trainerUserId: jo.userId,
        facilityId: room.body.id,
      }),
    );
    expect(byRoom.status).toBe(409);
    expect(byRoom.body.error.message).toBe(
      `Studio A is already booked for Morning Yoga on ${when}, 7:00 AM.`,
    );

    // Back to back is no clash; nothing was created by the refused attempts.
    const after = await post(
      owner.cookie,
      '/api/classes',
      yoga({
        name: 'Spin',
        startTime: '08:00',
        trainerUserId: alex.userId,
        facilityId: room.body.id,
      }),
    );
    expect(after.status, after.text).toBe(201);
    const list = await call(t.app, 'GET', '/api/classes', { cookie: owner.cookie });
    expect(list.body.classes.map((c: { name: string }) => c.name)).toEqual([
      'Morning Yoga',
      'Spin',
    ]);

    // A session moved onto another's time clashes too.
    const [spinMonday] = await sessionsOf(owner.cookie, after.body.id, futureMonday(), 1);
    const moved = await patch(owner.cookie, `/api/sessions/${spinMonday!.id}`, {
      scope: 'this',
      startTime: '07:30',
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('schedule_clash');
  });
});

describe('editing sessions', () => {
  it('changes this session, the following ones or all of them', async () => {
    const res = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({ name: 'Scoped', startTime: '17:00', trainerUserId: team.trainer.userId }),
    );
    expect(res.status, res.text).toBe(201);
    const all = await sessionsOf(team.owner.cookie, res.body.id, futureMonday(), 14);
    expect(all).toHaveLength(6);
    const [s0, s1, s2] = all;

    const one = await patch(team.owner.cookie, `/api/sessions/${s1!.id}`, {
      scope: 'this',
      name: 'Special',
    });
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ name: 'Special', detached: true });

    const following = await patch(team.owner.cookie, `/api/sessions/${s2!.id}`, {
      scope: 'following',
      capacity: 8,
    });
    expect(following.status, following.text).toBe(200);
    let now = await sessionsOf(team.owner.cookie, res.body.id, futureMonday(), 14);
    expect(now.map((s) => s.capacity)).toEqual([10, 10, 8, 8, 8, 8]);
    expect(now.map((s) => s.name)).toEqual([
      'Scoped',
      'Special',
      'Scoped',
      'Scoped',
      'Scoped',
      'Scoped',
    ]);

    const everything = await patch(team.owner.cookie, `/api/sessions/${s0!.id}`, {
      scope: 'all',
      startTime: '18:15',
      name: 'Evening Flow',
    });
    expect(everything.status, everything.text).toBe(200);
    now = await sessionsOf(team.owner.cookie, res.body.id, futureMonday(), 14);
    expect(now.map((s) => s.startsAt.slice(11, 16))).toEqual([
      '18:15',
      '17:00',
      '18:15',
      '18:15',
      '18:15',
      '18:15',
    ]);
    expect(now.map((s) => s.name)).toEqual([
      'Evening Flow',
      'Special',
      'Evening Flow',
      'Evening Flow',
      'Evening Flow',
      'Evening Flow',
    ]);
    expect(now[2]!.endsAt.slice(11, 16)).toBe('19:15');
    const cls = await call(t.app, 'GET', `/api/classes/${res.body.id}`, {
      cookie: team.owner.cookie,
    });
    expect(cls.body).toMatchObject({ name: 'Evening Flow', startTime: '18:15', capacity: 8 });
  });

  it('refuses a capacity below the places already booked, and above the room', async () => {
    const room = await post(team.owner.cookie, '/api/facilities', {
      name: 'Small Room',
      capacity: 12,
    });
    const res = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({
        name: 'Booked Out',
        startTime: '05:00',
        recurrenceRule: null,
        facilityId: room.body.id,
      }),
    );
    const [session] = await sessionsOf(team.owner.cookie, res.body.id, futureMonday(), 1);
    const member = await addMember(t, team.owner.cookie);
    await t.deps.database.db.insert(bookings).values({
      organizationId: team.organizationId,
      sessionId: session!.id,
      memberId: member.id,
      status: 'booked',
      startsAt: new Date(session!.startsAt),
      endsAt: new Date(session!.endsAt),
    });
    await t.deps.database.db
      .update(classSessions)
      .set({ bookedCount: 9 })
      .where(eq(classSessions.id, session!.id));
    const below = await patch(team.owner.cookie, `/api/sessions/${session!.id}`, {
      scope: 'this',
      capacity: 8,
    });
    expect(below.status).toBe(409);
    expect(below.body.error).toMatchObject({
      code: 'capacity_below_bookings',
      message: 'Capacity cannot be below the 9 members already booked.',
    });
    const above = await patch(team.owner.cookie, `/api/sessions/${session!.id}`, {
      scope: 'this',
      capacity: 13,
    });
    expect(above.status).toBe(400);
    expect(above.body.error.message).toBe('Capacity 13 is more than Small Room holds (12).');

    // Moving the session moves its bookings' copied times (the member overlap check reads them).
    const moved = await patch(team.owner.cookie, `/api/sessions/${session!.id}`, {
      scope: 'this',
      startTime: '05:30',
    });
    expect(moved.status).toBe(200);
    const [booking] = await t.deps.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.sessionId, session!.id));
    expect(booking?.startsAt.toISOString()).toBe(moved.body.startsAt);
    expect(booking?.endsAt.toISOString()).toBe(moved.body.endsAt);

    const removeClass = await call(t.app, 'DELETE', `/api/classes/${res.body.id}`, {
      cookie: team.owner.cookie,
    });
    expect(removeClass.status).toBe(409);
    expect(removeClass.body.error).toMatchObject({
      code: 'class_has_bookings',
      message: 'This class has bookings. Cancel its sessions instead.',
    });
  });

  it('lets a trainer change only the sessions they teach', async () => {
    const theirs = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({
        name: 'Mine',
        startTime: '13:00',
        recurrenceRule: null,
        trainerUserId: team.trainer.userId,
      }),
    );
    const others = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({ name: 'Not Mine', startTime: '14:00', recurrenceRule: null }),
    );
    const [mine] = await sessionsOf(team.owner.cookie, theirs.body.id, futureMonday(), 1);
    const [notMine] = await sessionsOf(team.owner.cookie, others.body.id, futureMonday(), 1);
    const ok = await patch(team.trainer.cookie, `/api/sessions/${mine!.id}`, {
      scope: 'this',
      capacity: 9,
    });
    expect(ok.status, ok.text).toBe(200);
    const refused = await patch(team.trainer.cookie, `/api/sessions/${notMine!.id}`, {
      scope: 'this',
      capacity: 9,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    const cancel = await post(team.trainer.cookie, `/api/sessions/${notMine!.id}/cancel`, {});
    expect(cancel.status).toBe(403);
    const staff = await patch(team.staff.cookie, `/api/sessions/${mine!.id}`, {
      scope: 'this',
      capacity: 9,
    });
    expect(staff.status).toBe(403);
  });
});

describe('cancelling and deleting', () => {
  it('cancels a session and its bookings, queueing one email per member', async () => {
    const res = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({ name: 'Cancelled Soon', startTime: '04:00', recurrenceRule: null }),
    );
    const [session] = await sessionsOf(team.owner.cookie, res.body.id, futureMonday(), 1);
    const ids: string[] = [];
    for (const status of ['booked', 'waitlisted'] as const) {
      const member = await addMember(t, team.owner.cookie);
      const [row] = await t.deps.database.db
        .insert(bookings)
        .values({
          organizationId: team.organizationId,
          sessionId: session!.id,
          memberId: member.id,
          status,
          startsAt: new Date(session!.startsAt),
          endsAt: new Date(session!.endsAt),
        })
        .returning();
      ids.push(row!.id);
    }
    await t.deps.database.db
      .update(classSessions)
      .set({ bookedCount: 1, waitlistCount: 1 })
      .where(eq(classSessions.id, session!.id));

    const cancelled = await post(team.admin.cookie, `/api/sessions/${session!.id}/cancel`, {
      reason: 'Instructor ill',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', bookedCount: 0, waitlistCount: 0 });
    const rows = await t.deps.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.sessionId, session!.id));
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    const { rows: jobs } = await t.deps.database.executeSql(
      `select data from pgboss.job where name = 'schedule.email'`,
    );
    const queued = (jobs as Array<{ data: { bookingId: string } }>)
      .map((j) => j.data)
      .filter((d) => ids.includes(d.bookingId));
    expect(queued).toHaveLength(2);
    expect(queued[0]).toMatchObject({
      type: 'session_cancelled',
      organizationId: team.organizationId,
    });
    const edit = await patch(team.owner.cookie, `/api/sessions/${session!.id}`, {
      scope: 'this',
      capacity: 5,
    });
    expect(edit.status).toBe(409);
  });

  it('deletes a class without bookings together with its sessions', async () => {
    const res = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({ name: 'Gone', startTime: '03:00' }),
    );
    const del = await call(t.app, 'DELETE', `/api/classes/${res.body.id}`, {
      cookie: team.owner.cookie,
    });
    expect(del.status).toBe(204);
    expect(
      await t.deps.database.db
        .select()
        .from(classSessions)
        .where(eq(classSessions.classId, res.body.id)),
    ).toEqual([]);
    const again = await call(t.app, 'GET', `/api/classes/${res.body.id}`, {
      cookie: team.owner.cookie,
    });
    expect(again.status).toBe(404);
  });
});

describe('tenancy', () => {
  it("answers another studio's classes, sessions and facilities as not found", async () => {
    const res = await post(
      team.owner.cookie,
      '/api/classes',
      yoga({ name: 'Private', startTime: '02:00', recurrenceRule: null }),
    );
    const [session] = await sessionsOf(team.owner.cookie, res.body.id, futureMonday(), 1);
    const room = await post(team.owner.cookie, '/api/facilities', {
      name: 'Private Room',
      capacity: 5,
    });
    const other = await createOwner(t.app);
    const checks = [
      await call(t.app, 'GET', `/api/classes/${res.body.id}`, { cookie: other.cookie }),
      await call(t.app, 'GET', `/api/sessions/${session!.id}`, { cookie: other.cookie }),
      await patch(other.cookie, `/api/sessions/${session!.id}`, { scope: 'all', capacity: 3 }),
      await post(other.cookie, `/api/sessions/${session!.id}/cancel`, {}),
      await patch(other.cookie, `/api/classes/${res.body.id}`, { capacity: 3 }),
      await call(t.app, 'DELETE', `/api/classes/${res.body.id}`, { cookie: other.cookie }),
      await patch(other.cookie, `/api/facilities/${room.body.id}`, { capacity: 3 }),
    ];
    expect(checks.map((c) => c.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const list = await call(
      t.app,
      'GET',
      `/api/sessions?from=${futureMonday()}T00:00:00Z&to=${addDays(futureMonday(), 1)}T00:00:00Z`,
      { cookie: other.cookie },
    );
    expect(list.body.sessions).toEqual([]);
    const cls = await call(t.app, 'GET', '/api/classes', { cookie: other.cookie });
    expect(cls.body.classes).toEqual([]);
  });
});
