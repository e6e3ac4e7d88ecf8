import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers, personWithRole } from '../../../test/fixtures/members.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { memberVisits } from '../../db/schema/members.ts';
import { bookings, classSessions } from '../../db/schema/schedule.ts';

// docs/product/schedule.md#check-in

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  orgId = owner.organization.id;
});
afterAll(async () => t?.close());

async function newMember(values: Record<string, unknown> = {}) {
  const [row] = await insertMembers(t, orgId, 1, () => values);
  return row!.id;
}

/** A session running now (started 10 minutes ago). */
const runningSession = (values: Record<string, unknown> = {}) =>
  insertSession(t.deps.database.db, orgId, { startsAt: hoursFromNow(-1 / 6), ...values });

const visitsOf = (memberId: string) =>
  t.deps.database.db.select().from(memberVisits).where(eq(memberVisits.memberId, memberId));
const bookingRow = async (id: string) =>
  (await t.deps.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

async function bookFuture(memberId: string) {
  const session = await insertSession(t.deps.database.db, orgId, { startsAt: hoursFromNow(3) });
  const res = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
    cookie: owner.cookie,
    body: { memberId },
  });
  expect(res.status, res.text).toBe(201);
  return { session, booking: res.body as { id: string } };
}

const checkInBooking = (id: string, body: Record<string, unknown> = {}, cookie = owner.cookie) =>
  call(t.app, 'POST', `/api/bookings/${id}/check-in`, { cookie, body });
const checkIns = (body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/check-ins', { cookie: owner.cookie, body });

describe('checking a booking in', () => {
  it('marks it attended with a class visit, and undo takes both back', async () => {
    const memberId = await newMember();
    const { booking } = await bookFuture(memberId);
    const staff = await personWithRole(t, orgId, 'staff');
    const res = await checkInBooking(booking.id, {}, staff.cookie);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('attended');
    expect(res.body.checkedInAt).not.toBeNull();
    const [visit] = await visitsOf(memberId);
    expect(visit).toMatchObject({ visitType: 'class', recordedBy: staff.userId });
    expect((await bookingRow(booking.id)).visitId).toBe(visit!.id);

    const undo = await call(t.app, 'POST', `/api/bookings/${booking.id}/undo-check-in`, {
      cookie: owner.cookie,
    });
    expect([undo.status, undo.body.status, undo.body.checkedInAt]).toEqual([200, 'booked', null]);
    expect(await visitsOf(memberId)).toEqual([]);
    expect((await bookingRow(booking.id)).visitId).toBeNull();
  });

  it('asks to confirm when the membership is not active', async () => {
    const memberId = await newMember({
      firstName: 'Jane',
      lastName: 'Doe',
      membershipStatus: 'suspended',
    });
    const { booking } = await bookFuture(memberId);
    const refused = await checkInBooking(booking.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'membership_not_active',
      message: "Jane Doe's membership is suspended. Check in anyway?",
    });
    expect(await visitsOf(memberId)).toEqual([]);
    const confirmed = await checkInBooking(booking.id, { confirm: true });
    expect([confirmed.status, confirmed.body.status]).toEqual([200, 'attended']);
  });

  it('refuses a waitlisted booking', async () => {
    const session = await insertSession(t.deps.database.db, orgId, { capacity: 1 });
    const [a, b] = [await newMember(), await newMember()];
    for (const m of [a, b])
      await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
        cookie: owner.cookie,
        body: { memberId: m },
      });
    const [waiting] = await t.deps.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.memberId, b));
    const res = await checkInBooking(waiting!.id);
    expect([res.status, res.body.error.code]).toEqual([409, 'not_booked']);
  });
});

describe('the front-desk check-in', () => {
  it('records a plain visit, and a second scan within a minute is the same visit', async () => {
    const memberId = await newMember();
    const first = await checkIns({ memberId });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ bookingId: null, duplicate: false });
    const second = await checkIns({ memberId });
    expect(second.body).toEqual({ visitId: first.body.visitId, bookingId: null, duplicate: true });
    const visits = await visitsOf(memberId);
    expect(visits.map((v) => [v.id, v.visitType])).toEqual([[first.body.visitId, 'check_in']]);
    // A minute later it is a new visit.
    await t.deps.database.db
      .update(memberVisits)
      .set({ visitDate: new Date(Date.now() - 61_000) })
      .where(eq(memberVisits.id, first.body.visitId));
    const later = await checkIns({ memberId });
    expect(later.body.duplicate).toBe(false);
    expect(await visitsOf(memberId)).toHaveLength(2);
  });

  it("checks a member's booking in for the session", async () => {
    const memberId = await newMember();
    const session = await runningSession();
    const booked = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
      cookie: owner.cookie,
      body: { memberId, checkIn: false },
    });
    // Booking closed at the start; a member booked earlier is inserted straight away.
    expect(booked.body.error.code).toBe('booking_closed');
    const [row] = await t.deps.database.db
      .insert(bookings)
      .values({
        organizationId: orgId,
        sessionId: session.id,
        memberId,
        status: 'booked',
        startsAt: session.startsAt,
        endsAt: session.endsAt,
      })
      .returning();
    await t.deps.database.db
      .update(classSessions)
      .set({ bookedCount: 1 })
      .where(eq(classSessions.id, session.id));
    const res = await checkIns({ memberId, sessionId: session.id });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ bookingId: row!.id, duplicate: false });
    expect(await bookingRow(row!.id)).toMatchObject({
      status: 'attended',
      visitId: res.body.visitId,
    });
    const again = await checkIns({ memberId, sessionId: session.id });
    expect(again.body).toEqual({ ...res.body, duplicate: true });
    expect(await visitsOf(memberId)).toHaveLength(1);
  });

  it('books a walk-in when there is room, in one step, and refuses one when full', async () => {
    const session = await runningSession({ capacity: 1 });
    const walkIn = await newMember();
    const res = await checkIns({ memberId: walkIn, sessionId: session.id });
    expect(res.status, res.text).toBe(201);
    expect(await bookingRow(res.body.bookingId)).toMatchObject({
      status: 'attended',
      memberId: walkIn,
    });
    const [visit] = await visitsOf(walkIn);
    expect(visit!.visitType).toBe('class');
    const [row] = await t.deps.database.db
      .select()
      .from(classSessions)
      .where(eq(classSessions.id, session.id));
    expect(row!.bookedCount).toBe(1);

    const late = await newMember();
    const full = await checkIns({ memberId: late, sessionId: session.id });
    expect([full.status, full.body.error.code]).toEqual([409, 'session_full']);
    expect(await visitsOf(late)).toEqual([]);
  });

  it('a door scan followed by the class check-in within a minute is one class visit', async () => {
    const memberId = await newMember();
    const session = await runningSession();
    const door = await checkIns({ memberId });
    const walkIn = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
      cookie: owner.cookie,
      body: { memberId, checkIn: true },
    });
    expect([walkIn.status, walkIn.body.status]).toEqual([201, 'attended']);
    const visits = await visitsOf(memberId);
    expect(visits.map((v) => [v.id, v.visitType])).toEqual([[door.body.visitId, 'class']]);
  });

  it('answers 404 for a member or session of another studio', async () => {
    const other = await createOwner(t.app, 'pro');
    const [foreign] = await insertMembers(t, other.organization.id, 1);
    const res = await checkIns({ memberId: foreign!.id });
    expect([res.status, res.body.error.message]).toEqual([404, 'Member not found']);
    const session = await insertSession(t.deps.database.db, other.organization.id);
    const memberId = await newMember();
    const bySession = await checkIns({ memberId, sessionId: session.id });
    expect([bySession.status, bySession.body.error.message]).toEqual([404, 'Session not found']);
  });
});
