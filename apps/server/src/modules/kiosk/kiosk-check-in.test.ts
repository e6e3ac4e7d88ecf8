import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  KIOSK_LOCKED_MESSAGE,
  KIOSK_NOT_FOUND_MESSAGE,
  KIOSK_REFUSALS,
} from '@fitbase/domain/kiosk-constants';
import { kioskPinHash } from '@fitbase/domain/kiosk-hashes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { kioskCall, kioskCheckIn, studioWithKiosk } from '../../../test/fixtures/kiosk.ts';
import { kioskCheckIns, kiosks } from '../../db/schema/kiosks.ts';
import { memberVisits, members } from '../../db/schema/members.ts';
import { memberships } from '../../db/schema/money.ts';
import { bookings, classSessions } from '../../db/schema/schedule.ts';

// docs/product/kiosk.md#checking-in

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Studio = Awaited<ReturnType<typeof studioWithKiosk>>;

async function newMember(studio: Studio, values: Partial<typeof members.$inferInsert> = {}) {
  const code = randomBytes(15).toString('base64url');
  const [row] = await insertMembers(t, studio.orgId, 1, () => ({
    firstName: 'Jane',
    lastName: 'Doe',
    checkInCode: code,
    ...values,
  }));
  return { id: row!.id, code };
}

/** A class starting `minutes` from now (negative: started). */
const sessionIn = (studio: Studio, minutes: number, values: Record<string, unknown> = {}) =>
  insertSession(t.deps.database.db, studio.orgId, {
    startsAt: hoursFromNow(minutes / 60),
    ...values,
  });

async function book(studio: Studio, sessionId: string, memberId: string) {
  const res = await call(t.app, 'POST', `/api/sessions/${sessionId}/bookings`, {
    cookie: studio.owner.cookie,
    body: { memberId },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const db = () => t.deps.database.db;
const visitsOf = (memberId: string) =>
  db().select().from(memberVisits).where(eq(memberVisits.memberId, memberId));
const bookingRow = async (id: string) =>
  (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;

async function sellPack(studio: Studio, memberId: string, credits: number) {
  const plan = await call(t.app, 'POST', '/api/plans', {
    cookie: studio.owner.cookie,
    body: { name: 'Class pack', kind: 'class_pack', price: '50.00', credits, validityDays: 30 },
  });
  expect(plan.status, plan.text).toBe(201);
  const sold = await call(t.app, 'POST', `/api/members/${memberId}/memberships`, {
    cookie: studio.owner.cookie,
    body: { planId: plan.body.id, method: 'cash' },
  });
  expect(sold.status, sold.text).toBe(201);
  return sold.body.id as string;
}

describe('checking in at the kiosk', () => {
  it("checks a booked member's booking in: attended, with a class visit", async () => {
    const studio = await studioWithKiosk(t);
    const member = await newMember(studio, { profilePhotoUrl: 'https://cdn.example/jane.jpg' });
    const session = await sessionIn(studio, 20, { name: 'Spin' });
    await sessionIn(studio, 50, { name: 'Later class' });
    const bookingId = await book(studio, session.id, member.id);
    const res = await kioskCheckIn(t, studio.token, { method: 'code', code: member.code });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      member: { firstName: 'Jane', photoUrl: 'https://cdn.example/jane.jpg' },
      session: { id: session.id, name: 'Spin', startsAt: session.startsAt.toISOString() },
      duplicate: false,
    });
    const booking = await bookingRow(bookingId);
    const [visit] = await visitsOf(member.id);
    expect(booking).toMatchObject({ status: 'attended', visitId: visit!.id });
    expect(visit).toMatchObject({ visitType: 'class', recordedBy: null });
    const [row] = await db()
      .select()
      .from(kioskCheckIns)
      .where(eq(kioskCheckIns.clientId, res.body.clientId));
    expect(row).toMatchObject({
      kioskId: studio.kioskId,
      memberId: member.id,
      sessionId: session.id,
      bookingId,
      visitId: visit!.id,
      offline: false,
      exceptionCode: null,
    });
  });

  it('books a member without a booking into the nearest class as a walk-in', async () => {
    const studio = await studioWithKiosk(t);
    const member = await newMember(studio);
    await sessionIn(studio, 55, { name: 'Far' });
    const near = await sessionIn(studio, -5, { name: 'Near' });
    const res = await kioskCheckIn(t, studio.token, { method: 'code', code: member.code });
    expect(res.status, res.text).toBe(200);
    expect(res.body.session).toMatchObject({ id: near.id, name: 'Near' });
    const [booking] = await db().select().from(bookings).where(eq(bookings.memberId, member.id));
    expect(booking).toMatchObject({ sessionId: near.id, status: 'attended', bookedBy: null });
    const [session] = await db().select().from(classSessions).where(eq(classSessions.id, near.id));
    expect(session!.bookedCount).toBe(1);
  });

  it('records a plain visit when no session is in its window, and never walks in to an appointment', async () => {
    const studio = await studioWithKiosk(t);
    const member = await newMember(studio);
    await sessionIn(studio, 90); // opens in 30 minutes
    await sessionIn(studio, -20); // closed 5 minutes ago
    await sessionIn(studio, 10, { kind: 'appointment', capacity: 1 });
    const res = await kioskCheckIn(t, studio.token, { method: 'code', code: member.code });
    expect(res.status, res.text).toBe(200);
    expect(res.body.session).toBeNull();
    const [visit] = await visitsOf(member.id);
    expect(visit).toMatchObject({ visitType: 'check_in', recordedBy: null });
    expect(await db().select().from(bookings).where(eq(bookings.memberId, member.id))).toEqual([]);
  });

  it('counts a second scan within a minute once', async () => {
    const studio = await studioWithKiosk(t);
    const member = await newMember(studio);
    const first = await kioskCheckIn(t, studio.token, { method: 'code', code: member.code });
    const second = await kioskCheckIn(t, studio.token, { method: 'code', code: member.code });
    expect([first.body.duplicate, second.body.duplicate]).toEqual([false, true]);
    expect(await visitsOf(member.id)).toHaveLength(1);
    // Its own client id again: the stored answer, duplicate included.
    const again = await kioskCheckIn(t, studio.token, {
      clientId: second.body.clientId,
      method: 'code',
      code: member.code,
    });
    expect(again.body).toEqual(second.body);
  });

  it('answers the same client id once: a retry gets the stored result, nothing more', async () => {
    const studio = await studioWithKiosk(t);
    const member = await newMember(studio);
    const session = await sessionIn(studio, 5);
    const clientId = randomUUID();
    const first = await kioskCheckIn(t, studio.token, {
      clientId,
      method: 'code',
      code: member.code,
    });
    expect(first.status, first.text).toBe(200);
    // Later than a minute: without the client id it would be a new visit.
    await db()
      .update(memberVisits)
      .set({ visitDate: new Date(Date.now() - 10 * 60_000) })
      .where(eq(memberVisits.memberId, member.id));
    const retry = await kioskCheckIn(t, studio.token, {
      clientId,
      method: 'code',
      code: member.code,
    });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toEqual({ ...first.body });
    expect(retry.body.session.id).toBe(session.id);
    expect(await visitsOf(member.id)).toHaveLength(1);
    expect(
      await db().select().from(kioskCheckIns).where(eq(kioskCheckIns.clientId, clientId)),
    ).toHaveLength(1);
  });
});

describe('identifying members', () => {
  it('by the last 4 digits of the phone and a PIN', async () => {
    const studio = await studioWithKiosk(t);
    const pinHash = await kioskPinHash('4567', '2468', studio.pinSalt);
    const member = await newMember(studio, { phone: '+1 (555) 123-4567', kioskPinHash: pinHash });
    const ok = await kioskCheckIn(t, studio.token, {
      method: 'pin',
      phoneDigits: '4567',
      pin: '2468',
    });
    expect(ok.status, ok.text).toBe(200);
    expect(await visitsOf(member.id)).toHaveLength(1);
    const wrong = await kioskCheckIn(t, studio.token, {
      method: 'pin',
      phoneDigits: '4567',
      pin: '2469',
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([404, 'kiosk_member_not_found']);
    const number = await kioskCheckIn(t, studio.token, { method: 'number', memberNumber: 1 });
    expect(number.status).toBe(400);
  });

  it('by member number when the studio chose it', async () => {
    const studio = await studioWithKiosk(t);
    await call(t.app, 'PUT', '/api/kiosk-settings', {
      cookie: studio.owner.cookie,
      body: { identifyBy: 'member_number', windowBeforeMinutes: 60, windowAfterMinutes: 15 },
    });
    const member = await newMember(studio);
    const [row] = await db().select().from(members).where(eq(members.id, member.id));
    expect(row!.memberNumber).toBe(1);
    const res = await kioskCheckIn(t, studio.token, { method: 'number', memberNumber: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.member.firstName).toBe('Jane');
    const pin = await kioskCheckIn(t, studio.token, {
      method: 'pin',
      phoneDigits: '1234',
      pin: '1234',
    });
    expect(pin.status).toBe(400);
    expect((await kioskCheckIn(t, studio.token, { method: 'code' })).status).toBe(400);
  });

  it("finds nobody for an unknown, rotated or other studio's code, and pauses after 10 failed tries", async () => {
    const studio = await studioWithKiosk(t);
    const other = await studioWithKiosk(t);
    const stranger = await newMember(other);
    const member = await newMember(studio);
    const rotated = member.code;
    const code = randomBytes(15).toString('base64url');
    await db().update(members).set({ checkInCode: code }).where(eq(members.id, member.id));
    for (const tried of ['nope', rotated, stranger.code]) {
      const res = await kioskCheckIn(t, studio.token, { method: 'code', code: tried });
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
        404,
        'kiosk_member_not_found',
        KIOSK_NOT_FOUND_MESSAGE,
      ]);
    }
    for (let i = 3; i < 10; i++)
      expect(
        (await kioskCheckIn(t, studio.token, { method: 'code', code: `wrong-${i}` })).status,
      ).toBe(404);
    const [row] = await db().select().from(kiosks).where(eq(kiosks.id, studio.kioskId));
    expect(row!.failedTries).toBe(10);
    const locked = await kioskCheckIn(t, studio.token, { method: 'code', code });
    expect([locked.status, locked.body.error.code, locked.body.error.message]).toEqual([
      429,
      'kiosk_locked',
      KIOSK_LOCKED_MESSAGE,
    ]);
    // Another kiosk is not paused by this one's tries.
    expect(
      (await kioskCheckIn(t, other.token, { method: 'code', code: stranger.code })).status,
    ).toBe(200);
    // The window passes: the kiosk checks in again.
    await db()
      .update(kiosks)
      .set({ failedWindowStartedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(kiosks.id, studio.kioskId));
    expect((await kioskCheckIn(t, studio.token, { method: 'code', code })).status).toBe(200);
  });
});

describe('refusals, in words for the member', () => {
  const refused = async (studio: Studio, code: string, expected: keyof typeof KIOSK_REFUSALS) => {
    const res = await kioskCheckIn(t, studio.token, { method: 'code', code });
    expect([res.status, res.body.error?.code, res.body.error?.message], res.text).toEqual([
      409,
      expected,
      KIOSK_REFUSALS[expected],
    ]);
  };

  it('membership not active, payment past due, waiver not signed', async () => {
    const studio = await studioWithKiosk(t);
    const suspended = await newMember(studio, { membershipStatus: 'suspended' });
    await refused(studio, suspended.code, 'membership_not_active');
    expect(await visitsOf(suspended.id)).toEqual([]);

    const owing = await newMember(studio);
    const membershipId = await sellPack(studio, owing.id, 5);
    await db()
      .update(memberships)
      .set({ status: 'past_due' })
      .where(eq(memberships.id, membershipId));
    await refused(studio, owing.code, 'payment_past_due');

    const unsigned = await newMember(studio);
    const version = await call(t.app, 'POST', '/api/settings/waivers/versions', {
      cookie: studio.owner.cookie,
      body: { title: 'Liability waiver', body: 'At my own risk.' },
    });
    expect(version.status, version.text).toBe(201);
    await call(t.app, 'PUT', '/api/settings/waivers/settings', {
      cookie: studio.owner.cookie,
      body: { requiredToBook: true },
    });
    await refused(studio, unsigned.code, 'waiver_required');
    // Nothing was stored for a refusal: the same client id may try again.
    expect(
      await db().select().from(kioskCheckIns).where(eq(kioskCheckIns.memberId, unsigned.id)),
    ).toEqual([]);
  });

  it('no credits left for a walk-in, and a full class for a member not booked', async () => {
    const studio = await studioWithKiosk(t);
    const session = await sessionIn(studio, 15, { capacity: 1 });
    const broke = await newMember(studio);
    const pack = await sellPack(studio, broke.id, 1);
    await db().update(memberships).set({ creditsRemaining: 0 }).where(eq(memberships.id, pack));
    await refused(studio, broke.code, 'no_credits');

    const booked = await newMember(studio);
    await book(studio, session.id, booked.id);
    const walkIn = await newMember(studio);
    await refused(studio, walkIn.code, 'session_full');
    expect(await visitsOf(walkIn.id)).toEqual([]);
    // The booked member's place is theirs.
    expect(
      (await kioskCheckIn(t, studio.token, { method: 'code', code: booked.code })).status,
    ).toBe(200);
  });
});

describe('the kiosk token', () => {
  it('reaches the kiosk routes only', async () => {
    const studio = await studioWithKiosk(t);
    const members = await kioskCall(t, studio.token, 'GET', '/api/members');
    expect(members.status).toBe(401);
  });
});
