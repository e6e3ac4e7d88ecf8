import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { kioskRosterSchema } from '@fitbase/domain/contracts/kiosk';
import { KIOSK_PIN_PHONE_REQUIRED, KIOSK_PIN_TAKEN } from '@fitbase/domain/kiosk-constants';
import { kioskPinHash, shortCodeHash, shortPinHash } from '@fitbase/domain/kiosk-hashes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { addMember, insertMembers } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { kioskCall, kioskCheckIn, studioWithKiosk } from '../../../test/fixtures/kiosk.ts';
import { members } from '../../db/schema/members.ts';
import { memberships } from '../../db/schema/money.ts';

// docs/product/kiosk.md#what-a-kiosk-keeps

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Studio = Awaited<ReturnType<typeof studioWithKiosk>>;
const db = () => t.deps.database.db;

async function sell(studio: Studio, memberId: string, body: Record<string, unknown>) {
  const plan = await call(t.app, 'POST', '/api/plans', {
    cookie: studio.owner.cookie,
    body: { price: '50.00', ...body },
  });
  expect(plan.status, plan.text).toBe(201);
  const sold = await call(t.app, 'POST', `/api/members/${memberId}/memberships`, {
    cookie: studio.owner.cookie,
    body: { planId: plan.body.id, method: 'cash' },
  });
  expect(sold.status, sold.text).toBe(201);
  return sold.body.id as string;
}

const numberOf = async (id: string) =>
  (await db().select().from(members).where(eq(members.id, id)))[0]!.memberNumber!;

describe("the kiosk's cached list", () => {
  it("holds today's sessions, every member's six values and today's bookings, nothing more", async () => {
    const studio = await studioWithKiosk(t);
    const other = await studioWithKiosk(t);
    const code = randomBytes(15).toString('base64url');
    const pin = await kioskPinHash('4567', '1357', studio.pinSalt);
    const ok = await addMember(t, studio.owner.cookie, {
      firstName: 'Olive',
      phone: '+1 555 000 4567',
      dateOfBirth: '1990-04-02',
      medicalConditions: 'Asthma',
    });
    await db()
      .update(members)
      .set({
        checkInCode: code,
        kioskPinHash: pin,
        profilePhotoUrl: 'https://cdn.example/olive.jpg',
      })
      .where(eq(members.id, ok.id));
    const inactive = await addMember(t, studio.owner.cookie, { firstName: 'Ina' });
    await db()
      .update(members)
      .set({ membershipStatus: 'cancelled' })
      .where(eq(members.id, inactive.id));
    const owing = await addMember(t, studio.owner.cookie, { firstName: 'Owen' });
    const owingPlan = await sell(studio, owing.id, {
      name: 'Monthly',
      kind: 'membership',
      billingInterval: 'month',
    });
    await db().update(memberships).set({ status: 'past_due' }).where(eq(memberships.id, owingPlan));
    const empty = await addMember(t, studio.owner.cookie, { firstName: 'Emma' });
    const pack = await sell(studio, empty.id, {
      name: 'Five pack',
      kind: 'class_pack',
      credits: 5,
      validityDays: 30,
    });
    await db().update(memberships).set({ creditsRemaining: 0 }).where(eq(memberships.id, pack));
    const credited = await addMember(t, studio.owner.cookie, { firstName: 'Cred' });
    await sell(studio, credited.id, {
      name: 'Ten pack',
      kind: 'class_pack',
      credits: 10,
      validityDays: 30,
    });
    const stranger = await addMember(t, other.owner.cookie, { firstName: 'Stranger' });

    const soon = await insertSession(db(), studio.orgId, {
      startsAt: hoursFromNow(0.2),
      name: 'Soon',
    });
    const cancelled = await insertSession(db(), studio.orgId, {
      startsAt: hoursFromNow(0.3),
      status: 'cancelled',
    });
    await insertSession(db(), studio.orgId, { startsAt: hoursFromNow(30), name: 'Tomorrow+' });
    await insertSession(db(), studio.orgId, {
      startsAt: hoursFromNow(0.25),
      kind: 'appointment',
      capacity: 1,
      name: 'PT',
    });
    await call(t.app, 'POST', `/api/sessions/${soon.id}/bookings`, {
      cookie: studio.owner.cookie,
      body: { memberId: ok.id },
    });

    const res = await kioskCall(t, studio.token, 'GET', '/api/kiosk/roster');
    expect(res.status, res.text).toBe(200);
    const roster = kioskRosterSchema.parse(res.body);
    const today = new Date().toISOString().slice(0, 10);
    expect(roster.date).toBe(today);
    // Only sessions of today (UTC here) that were not cancelled.
    const names = roster.sessions.map((s) => s.name);
    expect(roster.sessions.some((s) => s.id === cancelled.id)).toBe(false);
    const soonIndex = roster.sessions.findIndex((s) => s.id === soon.id);
    if (hoursFromNow(0.2).toISOString().slice(0, 10) === today) {
      expect(roster.sessions[soonIndex]).toMatchObject({
        name: 'Soon',
        bookedCount: 1,
        walkIn: true,
      });
      expect(roster.sessions.find((s) => s.name === 'PT')?.walkIn).toBe(false);
      expect(roster.bookings).toEqual([[await numberOf(ok.id), soonIndex, 'booked']]);
    }
    expect(names).not.toContain('Tomorrow+');

    const byName = new Map(roster.members.map((m) => [m[1], m]));
    expect(roster.members).toHaveLength(5);
    expect(byName.get('Olive')).toEqual([
      await numberOf(ok.id),
      'Olive',
      'https://cdn.example/olive.jpg',
      await shortCodeHash(code),
      shortPinHash(pin),
      'ok',
    ]);
    expect(byName.get('Ina')![5]).toBe('membership_not_active');
    expect(byName.get('Ina')![3]).toBeNull();
    expect(byName.get('Owen')![5]).toBe('payment_past_due');
    expect(byName.get('Emma')![5]).toBe('no_credits');
    expect(byName.get('Cred')![5]).toBe('ok');
    expect(byName.has('Stranger')).toBe(false);
    // No contact, medical or payment field, nor the full secrets.
    const text = res.text;
    for (const secret of [
      ok.email,
      ok.lastName,
      '4567',
      'Asthma',
      '1990-04-02',
      code,
      pin,
      stranger.email,
    ])
      expect(text).not.toContain(secret);

    // The waiver rule comes before credits: a member with credits who has not signed it.
    await call(t.app, 'POST', '/api/settings/waivers/versions', {
      cookie: studio.owner.cookie,
      body: { title: 'Liability waiver', body: 'At my own risk.' },
    });
    await call(t.app, 'PUT', '/api/settings/waivers/settings', {
      cookie: studio.owner.cookie,
      body: { requiredToBook: true },
    });
    const again = kioskRosterSchema.parse(
      (await kioskCall(t, studio.token, 'GET', '/api/kiosk/roster')).body,
    );
    expect(again.members.find((m) => m[1] === 'Cred')![5]).toBe('waiver_required');
    expect(again.members.find((m) => m[1] === 'Owen')![5]).toBe('payment_past_due');
  });

  it('stays small: a few thousand members, gzipped', async () => {
    const studio = await studioWithKiosk(t);
    const n = 3000;
    await insertMembers(t, studio.orgId, n, (i) => ({
      firstName: ['Alexandra', 'Ben', 'Chloé', 'Dmitri', 'Eun-ji', 'Fatima'][i % 6]!,
      checkInCode: randomBytes(15).toString('base64url'),
      kioskPinHash: i % 2 === 0 ? randomBytes(32).toString('hex') : null,
      profilePhotoUrl:
        i % 3 === 0 ? `https://cdn.example.com/photos/${randomBytes(8).toString('hex')}.jpg` : null,
    }));
    const response = await t.app.request(`${TEST_ORIGIN}/api/kiosk/roster`, {
      headers: { authorization: `Bearer ${studio.token}`, 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const zipped = Buffer.from(await response.arrayBuffer());
    const roster = kioskRosterSchema.parse(JSON.parse(gunzipSync(zipped).toString('utf8')));
    expect(roster.members).toHaveLength(n);
    // 5,000 members in at most 200 KB: 40 bytes a member, with room to spare.
    expect(zipped.byteLength / n).toBeLessThan(32);
  });
});

describe("the member's kiosk PIN", () => {
  it('is set in the portal with the last 4 phone digits, used at the kiosk, and cleared when they change', async () => {
    const studio = await studioWithKiosk(t);
    const member = await addMember(t, studio.owner.cookie, { firstName: 'Pia' });
    const { cookie } = await signInMember(t, studio.slug, member.email);
    const path = `/api/m/${studio.slug}/kiosk-pin`;
    const start = await call(t.app, 'GET', path, { cookie });
    expect(start.body).toEqual({
      identifyBy: 'phone_and_pin',
      memberNumber: await numberOf(member.id),
      hasPin: false,
      phoneOnFile: false,
    });
    const noPhone = await call(t.app, 'PUT', path, { cookie, body: { pin: '1234' } });
    expect([noPhone.status, noPhone.body.error.code, noPhone.body.error.fields]).toEqual([
      400,
      'validation_error',
      { pin: KIOSK_PIN_PHONE_REQUIRED },
    ]);
    await call(t.app, 'PATCH', `/api/members/${member.id}`, {
      cookie: studio.owner.cookie,
      body: { phone: '+44 7700 900 321' },
    });
    expect((await call(t.app, 'PUT', path, { cookie, body: { pin: '12' } })).status).toBe(400);
    const set = await call(t.app, 'PUT', path, { cookie, body: { pin: '8642' } });
    expect([set.status, set.body.hasPin, set.body.phoneOnFile]).toEqual([200, true, true]);
    const [row] = await db().select().from(members).where(eq(members.id, member.id));
    expect(row!.kioskPinHash).toBe(await kioskPinHash('0321', '8642', studio.pinSalt));
    const checkedIn = await kioskCheckIn(t, studio.token, {
      method: 'pin',
      phoneDigits: '0321',
      pin: '8642',
    });
    expect(checkedIn.status, checkedIn.text).toBe(200);
    expect(checkedIn.body.member.firstName).toBe('Pia');

    // A family member on the same phone cannot take the same PIN.
    const sibling = await addMember(t, studio.owner.cookie, { phone: '07700 900321' });
    const siblingCookie = (await signInMember(t, studio.slug, sibling.email)).cookie;
    const taken = await call(t.app, 'PUT', path, { cookie: siblingCookie, body: { pin: '8642' } });
    expect(taken.body.error?.fields).toEqual({ pin: KIOSK_PIN_TAKEN });

    // Same last digits written differently: the PIN stays.
    await call(t.app, 'PATCH', `/api/members/${member.id}`, {
      cookie: studio.owner.cookie,
      body: { phone: '07700 900-321' },
    });
    expect((await call(t.app, 'GET', path, { cookie })).body.hasPin).toBe(true);
    await call(t.app, 'PATCH', `/api/members/${member.id}`, {
      cookie: studio.owner.cookie,
      body: { phone: '07700 900 999' },
    });
    expect((await call(t.app, 'GET', path, { cookie })).body.hasPin).toBe(false);

    await call(t.app, 'PUT', path, { cookie, body: { pin: '1111' } });
    const cleared = await call(t.app, 'DELETE', path, { cookie });
    expect([cleared.status, cleared.body.hasPin]).toEqual([200, false]);
  });

  it("is the member's own: staff see their number, not the PIN", async () => {
    const studio = await studioWithKiosk(t);
    const first = await addMember(t, studio.owner.cookie);
    const second = await addMember(t, studio.owner.cookie);
    const detail = await call(t.app, 'GET', `/api/members/${second.id}`, {
      cookie: studio.owner.cookie,
    });
    expect(detail.body.memberNumber).toBe((await numberOf(first.id)) + 1);
    expect(detail.text).not.toContain('kioskPinHash');
  });
});
