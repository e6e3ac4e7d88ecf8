import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { bookings, classSessions } from '../../db/schema/schedule.ts';

// docs/product/schedule.md#courses

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  orgId = owner.organization.id;
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

async function createCourse(capacity: number, kind: 'course' | 'class' = 'course') {
  const res = await call(t.app, 'POST', '/api/classes', {
    cookie: owner.cookie,
    body: {
      kind,
      name: kind === 'course' ? 'Intro to BJJ' : 'Open Mat',
      capacity,
      durationMinutes: 60,
      startsOn: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10),
      startTime: '18:00',
      recurrenceRule: 'FREQ=WEEKLY;COUNT=3',
    },
  });
  expect(res.status, res.text).toBe(201);
  const sessions = await t.deps.database.db
    .select()
    .from(classSessions)
    .where(eq(classSessions.classId, res.body.id))
    .orderBy(classSessions.startsAt);
  expect(sessions).toHaveLength(3);
  return { id: res.body.id as string, sessions };
}

const enrol = (courseId: string, memberId: string, cookie = owner.cookie) =>
  call(t.app, 'POST', `/api/courses/${courseId}/enrolments`, { cookie, body: { memberId } });

async function bookedCounts(classId: string) {
  const rows = await t.deps.database.db
    .select({ n: classSessions.bookedCount })
    .from(classSessions)
    .where(eq(classSessions.classId, classId))
    .orderBy(classSessions.startsAt);
  return rows.map((r) => r.n);
}

async function bookingsOf(memberId: string) {
  return t.deps.database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.organizationId, orgId), eq(bookings.memberId, memberId)));
}

describe('POST /api/courses/{id}/enrolments', () => {
  it('books the member into every upcoming session, once', async () => {
    const course = await createCourse(5);
    const [member] = await insertMembers(t, orgId, 1);
    const res = await enrol(course.id, member!.id);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ bookings: 3 });
    expect(await bookedCounts(course.id)).toEqual([1, 1, 1]);
    const rows = await bookingsOf(member!.id);
    expect(rows.map((b) => b.status)).toEqual(['booked', 'booked', 'booked']);
    expect(rows.map((b) => b.sessionId).sort()).toEqual(course.sessions.map((s) => s.id).sort());

    const again = await enrol(course.id, member!.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_booked');
    expect(await bookedCounts(course.id)).toEqual([1, 1, 1]);
  });

  it('writes nothing when any session is full, and names that session', async () => {
    const course = await createCourse(2);
    const [walkIn, first, second] = await insertMembers(t, orgId, 3);
    // One member books only the middle session through the ordinary booking route.
    const single = await call(t.app, 'POST', `/api/sessions/${course.sessions[1]!.id}/bookings`, {
      cookie: owner.cookie,
      body: { memberId: walkIn!.id },
    });
    expect(single.status, single.text).toBe(201);
    expect((await enrol(course.id, first!.id)).status).toBe(201);
    expect(await bookedCounts(course.id)).toEqual([1, 2, 1]);

    const full = await enrol(course.id, second!.id);
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('course_full');
    expect(full.body.error.message).toContain('Intro to BJJ');
    expect(full.body.error.message).toContain('6:00 PM');
    expect(await bookingsOf(second!.id)).toEqual([]);
    expect(await bookedCounts(course.id)).toEqual([1, 2, 1]);
  });

  it('answers 404 for a class that is not a course, and for another studio', async () => {
    const openMat = await createCourse(5, 'class');
    const [member] = await insertMembers(t, orgId, 1);
    expect((await enrol(openMat.id, member!.id)).status).toBe(404);

    const course = await createCourse(5);
    const stranger = await createOwner(t.app, 'pro');
    const [theirs] = await insertMembers(t, stranger.organization.id, 1);
    const foreign = await enrol(course.id, theirs!.id, stranger.cookie);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Course not found');
    // Studio A's course cannot take studio B's member either.
    expect((await enrol(course.id, theirs!.id)).status).toBe(404);
    expect(await bookedCounts(course.id)).toEqual([0, 0, 0]);
  });
});
