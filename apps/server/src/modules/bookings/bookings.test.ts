import { formatTime } from '@fitbase/domain/studio-format';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers, personWithRole } from '../../../test/fixtures/members.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { bookings, classSessions, scheduleSettings } from '../../db/schema/schedule.ts';
import { closeEndedSessions, sendScheduleEmail } from './bookings-jobs.service.ts';
import { scheduleEmailJob } from '../schedule/schedule-email.service.ts';

// docs/product/schedule.md#bookings-and-waitlist

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  orgId = owner.organization.id;
});
afterAll(async () => t?.close());

async function newMembers(n: number, organizationId = orgId) {
  const rows = await insertMembers(t, organizationId, n, (i) => ({
    firstName: 'Member',
    lastName: `No${i}`,
  }));
  return rows.map((r) => r.id);
}

const book = (sessionId: string, memberId: string, cookie = owner.cookie) =>
  call(t.app, 'POST', `/api/sessions/${sessionId}/bookings`, { cookie, body: { memberId } });
const cancel = (bookingId: string) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { cookie: owner.cookie });

async function sessionRow(id: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(classSessions)
    .where(eq(classSessions.id, id));
  return row!;
}

async function emailJobs() {
  const { rows } = await t.deps.database.executeSql(
    `select data from pgboss.job where name = 'schedule.email' order by created_on`,
  );
  return (rows as Array<{ data: { type: string; bookingId: string; organizationId: string } }>).map(
    (r) => r.data,
  );
}

describe('booking a session', () => {
  it('books until full, then waitlists first in first out', async () => {
    const session = await insertSession(t.deps.database.db, orgId, { capacity: 2 });
    const [a, b, c, d] = await newMembers(4);
    const results = [];
    for (const m of [a!, b!, c!, d!]) results.push(await book(session.id, m));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.body.status)).toEqual([
      'booked',
      'booked',
      'waitlisted',
      'waitlisted',
    ]);
    expect(results.map((r) => r.body.waitlistPosition)).toEqual([null, null, 1, 2]);
    expect(results[0]!.body).toMatchObject({
      sessionId: session.id,
      memberId: a,
      checkedInAt: null,
      startsAt: session.startsAt.toISOString(),
    });
    const row = await sessionRow(session.id);
    expect([row.bookedCount, row.waitlistCount]).toEqual([2, 2]);

    const roster = await call(t.app, 'GET', `/api/sessions/${session.id}/roster`, {
      cookie: owner.cookie,
    });
    expect(roster.status).toBe(200);
    expect(roster.body.session).toMatchObject({ id: session.id, bookedCount: 2, waitlistCount: 2 });
    expect(
      roster.body.bookings.map((e: { member: { id: string }; waitlistPosition: number | null }) => [
        e.member.id,
        e.waitlistPosition,
      ]),
    ).toEqual([
      [a, null],
      [b, null],
      [c, 1],
      [d, 2],
    ]);
  });

  it('refuses a second booking of the same member (409 already_booked)', async () => {
    const session = await insertSession(t.deps.database.db, orgId);
    const [m] = await newMembers(1);
    expect((await book(session.id, m!)).status).toBe(201);
    const again = await book(session.id, m!);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_booked');
    expect((await sessionRow(session.id)).bookedCount).toBe(1);
  });

  it('refuses an overlapping session, naming it (409 booking_overlap)', async () => {
    const first = await insertSession(t.deps.database.db, orgId, {
      name: 'Spin',
      startsAt: hoursFromNow(48),
    });
    const second = await insertSession(t.deps.database.db, orgId, {
      name: 'Pilates',
      startsAt: new Date(first.startsAt.getTime() + 30 * 60_000),
    });
    const after = await insertSession(t.deps.database.db, orgId, {
      startsAt: first.endsAt,
    });
    const [m] = await newMembers(1);
    expect((await book(first.id, m!)).status).toBe(201);
    const res = await book(second.id, m!);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking_overlap');
    expect(res.body.error.message).toContain('Spin');
    // Back to back is no overlap.
    expect((await book(after.id, m!)).status).toBe(201);
  });

  it('closes booking at the studio rule (409 booking_closed, the time in the studio zone)', async () => {
    const other = await createOwner(t.app, 'pro');
    await t.deps.database.db
      .insert(scheduleSettings)
      .values({ organizationId: other.organization.id, bookingClosesMinutes: 60 });
    const session = await insertSession(t.deps.database.db, other.organization.id, {
      startsAt: hoursFromNow(0.5),
    });
    const [m] = await newMembers(1, other.organization.id);
    const res = await book(session.id, m!, other.cookie);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking_closed');
    const closesAt = new Date(session.startsAt.getTime() - 3_600_000);
    expect(res.body.error.message).toBe(
      `Booking for this session closed at ${formatTime(closesAt, { locale: 'en-US', timeZone: 'UTC' })}.`,
    );
  });

  it('refuses cancelled and past sessions, and members or sessions of another studio', async () => {
    const [m] = await newMembers(1);
    const cancelled = await insertSession(t.deps.database.db, orgId, {
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    const cancelledRes = await book(cancelled.id, m!);
    expect([cancelledRes.status, cancelledRes.body.error.code]).toEqual([409, 'session_cancelled']);

    const past = await insertSession(t.deps.database.db, orgId, { startsAt: hoursFromNow(-3) });
    expect((await book(past.id, m!)).status).toBe(400);

    const other = await createOwner(t.app, 'pro');
    const [foreignMember] = await newMembers(1, other.organization.id);
    const session = await insertSession(t.deps.database.db, orgId);
    const memberRes = await book(session.id, foreignMember!);
    expect(memberRes.status).toBe(404);
    expect(memberRes.body.error.message).toBe('Member not found');

    const sessionRes = await book(session.id, m!, other.cookie);
    expect(sessionRes.status).toBe(404);
    expect(sessionRes.body.error.message).toBe('Session not found');
    const booked = await book(session.id, m!);
    const foreignCancel = await call(t.app, 'POST', `/api/bookings/${booked.body.id}/cancel`, {
      cookie: other.cookie,
    });
    expect(foreignCancel.status).toBe(404);
  });
});

describe('cancelling', () => {
  it('is a cancel outside the late-cancel window and a late cancel inside it', async () => {
    const early = await insertSession(t.deps.database.db, orgId, { startsAt: hoursFromNow(13) });
    const late = await insertSession(t.deps.database.db, orgId, { startsAt: hoursFromNow(11) });
    const [m] = await newMembers(1);
    const one = await book(early.id, m!);
    const two = await book(late.id, m!);
    expect((await cancel(one.body.id)).body.status).toBe('cancelled');
    expect((await cancel(two.body.id)).body.status).toBe('late_cancelled');
    expect((await sessionRow(late.id)).bookedCount).toBe(0);
    const again = await cancel(one.body.id);
    expect([again.status, again.body.error.code]).toEqual([409, 'not_booked']);
    // The place is free again: the member may book once more.
    expect((await book(early.id, m!)).body.status).toBe('booked');
  });

  it('promotes the first waitlisted member and emails them', async () => {
    const session = await insertSession(t.deps.database.db, orgId, {
      name: 'Power Hour',
      capacity: 1,
      startsAt: new Date('2099-03-02T07:00:00Z'),
    });
    const [a, b, c] = await newMembers(3);
    const booked = await book(session.id, a!);
    const first = await book(session.id, b!);
    const second = await book(session.id, c!);
    expect(first.body.waitlistPosition).toBe(1);

    const res = await cancel(booked.body.id);
    expect(res.body.status).toBe('cancelled');
    const [promoted] = await t.deps.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, first.body.id));
    expect(promoted!.status).toBe('booked');
    expect(promoted!.promotedAt).not.toBeNull();
    const row = await sessionRow(session.id);
    expect([row.bookedCount, row.waitlistCount]).toEqual([1, 1]);
    const roster = await call(t.app, 'GET', `/api/sessions/${session.id}/roster`, {
      cookie: owner.cookie,
    });
    expect(
      roster.body.bookings.find((e: { id: string }) => e.id === second.body.id).waitlistPosition,
    ).toBe(1);

    const job = (await emailJobs()).find((j) => j.bookingId === first.body.id);
    expect(job).toEqual({
      type: 'waitlist_promoted',
      organizationId: orgId,
      bookingId: first.body.id,
    });
    t.mail.length = 0;
    await sendScheduleEmail(t.deps, scheduleEmailJob.payload.parse(job));
    expect(t.mail).toHaveLength(1);
    const [member] = await call(t.app, 'GET', `/api/members/${b}`, { cookie: owner.cookie }).then(
      (r) => [r.body],
    );
    expect(t.mail[0]!.to).toBe(member.email);
    expect(t.mail[0]!.subject).toBe("You're in: Power Hour on Mon, Mar 2, 7:00 AM");
    // In the studio's branded frame (default colour: none set), with its name in the footer.
    expect(t.mail[0]!.html).toContain('height:4px;background:#1d4ed8');
    expect(t.mail[0]!.text).toMatch(/you're booked\.[\s\S]*\n--\n.+\n$/);
  });

  it('stops promoting inside the cut-off (2 hours before the start)', async () => {
    const session = await insertSession(t.deps.database.db, orgId, {
      capacity: 1,
      startsAt: hoursFromNow(1.5),
    });
    const [a, b] = await newMembers(2);
    const booked = await book(session.id, a!);
    const waiting = await book(session.id, b!);
    const before = (await emailJobs()).length;
    expect((await cancel(booked.body.id)).body.status).toBe('late_cancelled');
    const [still] = await t.deps.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, waiting.body.id));
    expect(still!.status).toBe('waitlisted');
    const row = await sessionRow(session.id);
    expect([row.bookedCount, row.waitlistCount]).toEqual([0, 1]);
    expect((await emailJobs()).length).toBe(before);
  });

  it('a waitlisted member cancelling just leaves the waitlist', async () => {
    const session = await insertSession(t.deps.database.db, orgId, {
      capacity: 1,
      startsAt: hoursFromNow(5),
    });
    const [a, b] = await newMembers(2);
    await book(session.id, a!);
    const waiting = await book(session.id, b!);
    expect((await cancel(waiting.body.id)).body.status).toBe('cancelled');
    const row = await sessionRow(session.id);
    expect([row.bookedCount, row.waitlistCount]).toEqual([1, 0]);
  });
});

describe('closing attendance', () => {
  it('turns the remaining booked members into no-shows, once', async () => {
    const session = await insertSession(t.deps.database.db, orgId, {
      startsAt: hoursFromNow(30),
    });
    const [a, b] = await newMembers(2);
    const one = await book(session.id, a!);
    await book(session.id, b!);
    const early = await call(t.app, 'POST', `/api/sessions/${session.id}/close`, {
      cookie: owner.cookie,
    });
    expect([early.status, early.body.error.code]).toEqual([409, 'session_not_started']);
    await t.deps.database.db
      .update(classSessions)
      .set({ startsAt: hoursFromNow(-1), endsAt: hoursFromNow(0.1) })
      .where(eq(classSessions.id, session.id));
    await call(t.app, 'POST', `/api/bookings/${one.body.id}/check-in`, {
      cookie: owner.cookie,
      body: {},
    });
    const close = () =>
      call(t.app, 'POST', `/api/sessions/${session.id}/close`, { cookie: owner.cookie });
    const first = await close();
    expect([first.status, first.body]).toEqual([200, { noShows: 1 }]);
    expect((await close()).body).toEqual({ noShows: 0 });
    expect((await sessionRow(session.id)).closedAt).not.toBeNull();
    const undo = await call(t.app, 'POST', `/api/bookings/${one.body.id}/undo-check-in`, {
      cookie: owner.cookie,
    });
    expect([undo.status, undo.body.error.code]).toEqual([409, 'session_closed']);
  });

  it('the job closes sessions ended longer than the no-show delay, where the studio wants it', async () => {
    const db = t.deps.database.db;
    const other = await createOwner(t.app, 'pro');
    await db
      .insert(scheduleSettings)
      .values({ organizationId: other.organization.id, autoNoShow: false });
    const ended = await insertSession(db, orgId, { startsAt: hoursFromNow(-2) });
    const recent = await insertSession(db, orgId, {
      startsAt: hoursFromNow(-1.1),
      endsAt: hoursFromNow(-0.1),
    });
    const manual = await insertSession(db, other.organization.id, { startsAt: hoursFromNow(-2) });
    const [m] = await newMembers(1);
    const [n] = await newMembers(1, other.organization.id);
    for (const [s, member] of [
      [ended, m],
      [recent, m],
      [manual, n],
    ] as const) {
      await db.insert(bookings).values({
        organizationId: s.organizationId,
        sessionId: s.id,
        memberId: member!,
        status: 'booked',
        startsAt: s.startsAt,
        endsAt: s.endsAt,
      });
    }
    await closeEndedSessions(t.deps, new Date());
    await closeEndedSessions(t.deps, new Date());
    const statusOf = async (sessionId: string) =>
      (await db.select().from(bookings).where(eq(bookings.sessionId, sessionId)))[0]!.status;
    expect(await statusOf(ended.id)).toBe('no_show');
    expect((await sessionRow(ended.id)).closedAt).not.toBeNull();
    expect(await statusOf(recent.id)).toBe('booked');
    expect((await sessionRow(recent.id)).closedAt).toBeNull();
    expect(await statusOf(manual.id)).toBe('booked');
  });
});

describe('booking rules (settings)', () => {
  it('answers the defaults, saves valid rules and refuses invalid ones with a clear message', async () => {
    const other = await createOwner(t.app, 'pro');
    const get = await call(t.app, 'GET', '/api/schedule/settings', { cookie: other.cookie });
    expect(get.body).toEqual({
      lateCancelHours: 12,
      waitlistCutoffHours: 2,
      bookingClosesMinutes: 0,
      autoNoShow: true,
      noShowAfterMinutes: 30,
      lateCancelPenalty: { kind: 'none' },
      noShowPenalty: { kind: 'none' },
    });
    const rules = {
      ...get.body,
      lateCancelHours: 24,
      bookingClosesMinutes: -15,
      autoNoShow: false,
    };
    const put = await call(t.app, 'PUT', '/api/schedule/settings', {
      cookie: other.cookie,
      body: rules,
    });
    expect([put.status, put.body]).toEqual([200, rules]);
    expect(
      (await call(t.app, 'GET', '/api/schedule/settings', { cookie: other.cookie })).body,
    ).toEqual(rules);
    const bad = await call(t.app, 'PUT', '/api/schedule/settings', {
      cookie: other.cookie,
      body: { ...rules, lateCancelHours: 200, noShowAfterMinutes: 1.5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      lateCancelHours: 'Late cancel window is at most 168 hours',
      noShowAfterMinutes: 'No-show after must be a whole number of minutes',
    });
    const trainer = await personWithRole(t, other.organization.id, 'trainer');
    const refused = await call(t.app, 'PUT', '/api/schedule/settings', {
      cookie: trainer.cookie,
      body: rules,
    });
    expect(refused.status).toBe(403);
  });
});

describe("a member's bookings", () => {
  it('lists them newest session first with the session', async () => {
    const [m] = await newMembers(1);
    const soon = await insertSession(t.deps.database.db, orgId, {
      name: 'Soon',
      startsAt: hoursFromNow(200),
    });
    const later = await insertSession(t.deps.database.db, orgId, {
      name: 'Later',
      startsAt: hoursFromNow(300),
    });
    await book(soon.id, m!);
    await book(later.id, m!);
    const res = await call(t.app, 'GET', `/api/members/${m}/bookings`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body.bookings.map((b: { session: { name: string } }) => b.session.name)).toEqual([
      'Later',
      'Soon',
    ]);
    expect(res.body.bookings[0]).toMatchObject({
      status: 'booked',
      checkedInAt: null,
      session: { id: later.id, trainerName: null },
    });
  });
});
