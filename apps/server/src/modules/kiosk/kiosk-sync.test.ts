import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { kioskCall, kioskCheckIn, studioWithKiosk } from '../../../test/fixtures/kiosk.ts';
import { kioskCheckIns } from '../../db/schema/kiosks.ts';
import { memberVisits, members } from '../../db/schema/members.ts';
import { bookings, classSessions } from '../../db/schema/schedule.ts';

// docs/product/kiosk.md#offline

let t: TestContext;
let studio: Awaited<ReturnType<typeof studioWithKiosk>>;

beforeAll(async () => {
  t = await createTestApp();
  studio = await studioWithKiosk(t);
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function newMember(values: Partial<typeof members.$inferInsert> = {}) {
  const code = randomBytes(15).toString('base64url');
  const [row] = await insertMembers(t, studio.orgId, 1, () => ({
    firstName: 'Jane',
    lastName: 'Doe',
    checkInCode: code,
    ...values,
  }));
  const [full] = await db().select().from(members).where(eq(members.id, row!.id));
  return { id: row!.id, code, number: full!.memberNumber! };
}

const sync = (checkIns: unknown[]) =>
  kioskCall(t, studio.token, 'POST', '/api/kiosk/check-ins/sync', { checkIns });
const item = (number: number, at: Date, sessionId: string | null = null) => ({
  clientId: randomUUID(),
  memberNumber: number,
  sessionId,
  checkedInAt: at.toISOString(),
});
const visitsOf = (memberId: string) =>
  db().select().from(memberVisits).where(eq(memberVisits.memberId, memberId));
const bookingsOf = (memberId: string) =>
  db().select().from(bookings).where(eq(bookings.memberId, memberId));
const listExceptions = (status = 'open') =>
  call(t.app, 'GET', `/api/kiosk-exceptions?status=${status}`, { cookie: studio.owner.cookie });

/**
 * A session that started `minutes` ago with `memberIds` booked: booked ahead through the API (a
 * started class is closed to booking), then moved to its time.
 */
async function pastSession(
  minutes: number,
  memberIds: string[],
  values: Record<string, unknown> = {},
) {
  const session = await insertSession(db(), studio.orgId, { startsAt: hoursFromNow(3), ...values });
  for (const memberId of memberIds) {
    const res = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
      cookie: studio.owner.cookie,
      body: { memberId },
    });
    expect(res.status, res.text).toBe(201);
  }
  const startsAt = minutesAgo(minutes);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  await db()
    .update(classSessions)
    .set({ startsAt, endsAt })
    .where(eq(classSessions.id, session.id));
  await db().update(bookings).set({ startsAt, endsAt }).where(eq(bookings.sessionId, session.id));
  return { ...session, startsAt };
}

describe('sending the offline queue', () => {
  it('records each check-in once, at the time it happened', async () => {
    const member = await newMember();
    const walkIn = await newMember();
    const session = await pastSession(40, [member.id]);
    const at = minutesAgo(45);
    const visitAt = minutesAgo(200);
    const items = [
      item(member.number, at, session.id),
      item(walkIn.number, minutesAgo(44), session.id),
      item(walkIn.number, visitAt),
    ];
    const res = await sync(items);
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toEqual(
      items.map((i) => ({ clientId: i.clientId, outcome: 'recorded', code: null })),
    );
    const [booking] = await bookingsOf(member.id);
    expect(booking!.status).toBe('attended');
    expect(booking!.checkedInAt!.toISOString()).toBe(at.toISOString());
    const [visit] = await visitsOf(member.id);
    expect(visit!.visitDate.toISOString()).toBe(at.toISOString());
    expect(visit!.visitType).toBe('class');
    // The walk-in's class visit and, hours earlier, a plain visit: two visits, not one.
    const walkInVisits = await visitsOf(walkIn.id);
    expect(walkInVisits.map((v) => [v.visitType, v.visitDate.toISOString()]).sort()).toEqual(
      [
        ['check_in', visitAt.toISOString()],
        ['class', items[1]!.checkedInAt],
      ].sort(),
    );
    const [walkInBooking] = await bookingsOf(walkIn.id);
    expect(walkInBooking).toMatchObject({ status: 'attended', sessionId: session.id });

    // Sent again (the answer was lost): already, nothing recorded twice.
    const again = await sync(items);
    expect(again.body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'already',
      'already',
      'already',
    ]);
    expect(await visitsOf(walkIn.id)).toHaveLength(2);
    // The same client id online answers what was stored.
    const online = await kioskCheckIn(t, studio.token, {
      clientId: items[0]!.clientId,
      method: 'code',
      code: member.code,
    });
    expect(online.status, online.text).toBe(200);
    expect(online.body).toMatchObject({
      clientId: items[0]!.clientId,
      session: { id: session.id },
      checkedInAt: at.toISOString(),
    });
    expect(await visitsOf(member.id)).toHaveLength(1);
  });

  it('keeps a check-in of the same client id twice in one queue once', async () => {
    const member = await newMember();
    const one = item(member.number, minutesAgo(5));
    const res = await sync([one, one]);
    expect(res.body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'recorded',
      'already',
    ]);
    expect(await visitsOf(member.id)).toHaveLength(1);
  });

  it('counts scans within a minute of each other once, even sent later', async () => {
    const member = await newMember();
    const res = await sync([
      item(member.number, minutesAgo(30)),
      item(member.number, new Date(minutesAgo(30).getTime() + 20_000)),
      item(member.number, minutesAgo(10)),
    ]);
    expect(res.status, res.text).toBe(200);
    expect(await visitsOf(member.id)).toHaveLength(2);
  });

  it('counts each check-in once when the same queue is sent twice at once', async () => {
    const people = await Promise.all([newMember(), newMember(), newMember()]);
    const items = people.map((p, i) => item(p.number, minutesAgo(10 + i)));
    const [one, two] = await Promise.all([sync(items), sync([...items].reverse())]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const outcomes = [...one.body.results, ...two.body.results].map(
      (r: { outcome: string }) => r.outcome,
    );
    expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(3);
    for (const p of people) expect(await visitsOf(p.id)).toHaveLength(1);
  });

  it('records a time from a clock running ahead, or sent over 7 days late, and flags it', async () => {
    // Refusing them would leave the device's queue stuck: the member came in either way.
    const ahead = await newMember({ firstName: 'Ada', lastName: 'Ahead' });
    const late = await newMember({ firstName: 'Lee', lastName: 'Late' });
    const sentAt = Date.now();
    const lateAt = new Date(sentAt - 8 * 86_400_000);
    const res = await sync([
      item(ahead.number, new Date(sentAt + 10 * 60_000)),
      item(late.number, lateAt),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { code: string }) => r.code).sort()).toEqual([
      'kiosk_clock_ahead',
      'kiosk_sent_late',
    ]);
    const [aheadVisit] = await visitsOf(ahead.id);
    expect(aheadVisit!.visitDate.getTime()).toBeGreaterThanOrEqual(sentAt - 1000);
    expect(aheadVisit!.visitDate.getTime()).toBeLessThan(sentAt + 60_000);
    const [lateVisit] = await visitsOf(late.id);
    expect(lateVisit!.visitDate.toISOString()).toBe(lateAt.toISOString());
    const listed = (await listExceptions()).body.exceptions.map(
      (e: { message: string }) => e.message,
    );
    expect(listed).toContain(
      "The kiosk's clock was ahead: Ada Ahead's check-in is recorded at the time it reached the server.",
    );
    expect(listed).toContain(
      "Lee Late's check-in reached the server more than 7 days after it happened: recorded as a visit only.",
    );
  });
});

describe('check-ins the server would have refused', () => {
  it('are recorded anyway, flagged for staff, listed and resolvable', async () => {
    const suspended = await newMember({
      firstName: 'Sam',
      lastName: 'Lapsed',
      membershipStatus: 'suspended',
    });
    const holder = await newMember();
    const full = await pastSession(20, [holder.id], { capacity: 1, name: 'Packed class' });
    const late = await newMember({ firstName: 'Walk', lastName: 'In' });
    const atSuspended = minutesAgo(25);
    const atFull = minutesAgo(21);
    const items = [
      item(suspended.number, atSuspended),
      item(late.number, atFull, full.id),
      item(999_999, minutesAgo(3)),
    ];
    const res = await sync(items);
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toEqual([
      { clientId: items[0]!.clientId, outcome: 'exception', code: 'membership_not_active' },
      { clientId: items[1]!.clientId, outcome: 'exception', code: 'session_full' },
      { clientId: items[2]!.clientId, outcome: 'exception', code: 'kiosk_member_not_found' },
    ]);
    // Recorded: a visit at the original time; the full class was not overbooked.
    const [visit] = await visitsOf(suspended.id);
    expect(visit!.visitDate.toISOString()).toBe(atSuspended.toISOString());
    const [lateVisit] = await visitsOf(late.id);
    expect(lateVisit).toMatchObject({ visitType: 'check_in' });
    expect(lateVisit!.visitDate.toISOString()).toBe(atFull.toISOString());
    expect(await bookingsOf(late.id)).toEqual([]);
    const [session] = await db().select().from(classSessions).where(eq(classSessions.id, full.id));
    expect(session!.bookedCount).toBe(1);
    // The unknown member: nothing stored.
    expect(
      await db().select().from(kioskCheckIns).where(eq(kioskCheckIns.clientId, items[2]!.clientId)),
    ).toEqual([]);

    const open = await listExceptions();
    expect(open.status, open.text).toBe(200);
    const mine = open.body.exceptions.filter((e: { memberId: string }) =>
      [suspended.id, late.id].includes(e.memberId),
    );
    expect(mine).toHaveLength(2);
    const lapsed = mine.find((e: { memberId: string }) => e.memberId === suspended.id);
    expect(lapsed).toMatchObject({
      kioskName: 'Front door',
      memberName: 'Sam Lapsed',
      code: 'membership_not_active',
      message: "Sam Lapsed's membership is suspended.",
      checkedInAt: atSuspended.toISOString(),
      sessionName: null,
      resolvedAt: null,
    });
    expect(mine.find((e: { memberId: string }) => e.memberId === late.id)).toMatchObject({
      code: 'session_full',
      sessionName: 'Packed class',
      sessionStartsAt: full.startsAt.toISOString(),
    });

    const resolved = await call(t.app, 'POST', `/api/kiosk-exceptions/${lapsed.id}/resolve`, {
      cookie: studio.owner.cookie,
    });
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.body.resolvedAt).not.toBeNull();
    const openIds = (await listExceptions()).body.exceptions.map((e: { id: string }) => e.id);
    expect(openIds).not.toContain(lapsed.id);
    const allIds = (await listExceptions('all')).body.exceptions.map((e: { id: string }) => e.id);
    expect(allIds).toContain(lapsed.id);
    // A check-in without an exception is no exception.
    const plain = await sync([item(holder.number, minutesAgo(1))]);
    const [row] = await db()
      .select()
      .from(kioskCheckIns)
      .where(eq(kioskCheckIns.clientId, plain.body.results[0].clientId));
    const missing = await call(t.app, 'POST', `/api/kiosk-exceptions/${row!.id}/resolve`, {
      cookie: studio.owner.cookie,
    });
    expect(missing.status).toBe(404);
  });

  it("check a booked member's booking in past a lapsed membership", async () => {
    const member = await newMember({ firstName: 'Bo', lastName: 'Oked' });
    const session = await pastSession(30, [member.id]);
    await db()
      .update(members)
      .set({ membershipStatus: 'inactive' })
      .where(eq(members.id, member.id));
    const at = minutesAgo(28);
    const res = await sync([item(member.number, at, session.id)]);
    expect(res.body.results[0]).toMatchObject({
      outcome: 'exception',
      code: 'membership_not_active',
    });
    const [booking] = await bookingsOf(member.id);
    expect(booking!.status).toBe('attended');
    expect(booking!.checkedInAt!.toISOString()).toBe(at.toISOString());
    const [visit] = await visitsOf(member.id);
    expect(visit).toMatchObject({ visitType: 'class' });
  });
});
