import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { lastPortalCode, signInMember } from '../../../test/fixtures/portal.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { memberVerifications } from '../../db/schema/member-auth.ts';
import { bookings, scheduleSettings } from '../../db/schema/schedule.ts';

// docs/product/member-portal.md

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  other = await createOwner(t.app, 'pro');
  slug = owner.organization.slug;
});
afterAll(async () => t?.close());

const sendCode = (email: string, studio = slug, headers?: Record<string, string>) =>
  call(t.app, 'POST', `/api/m/${studio}/send-code`, { body: { email }, headers });
const signIn = (email: string, code: string, studio = slug) =>
  call(t.app, 'POST', `/api/m/${studio}/sign-in`, { body: { email, code } });

describe("the studio's portal", () => {
  it("shows the studio's name, time zone and brand colours before anyone signs in", async () => {
    const studio = await createOwner(t.app, 'pro');
    const plain = await call(t.app, 'GET', `/api/m/${studio.organization.slug}`);
    expect(plain.body).toMatchObject({ primaryColor: null, secondaryColor: null });
    await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: studio.cookie,
      body: { primaryColor: '#0f766e', secondaryColor: '#1d4ed8' },
    });
    const branded = await call(t.app, 'GET', `/api/m/${studio.organization.slug}`);
    expect(branded.status).toBe(200);
    expect(branded.body).toMatchObject({
      slug: studio.organization.slug,
      primaryColor: '#0f766e',
      secondaryColor: '#1d4ed8',
    });
    expect(branded.body.timeZone).toEqual(expect.any(String));
  });
});

describe('signing in with an emailed code', () => {
  it('answers the same for any email and emails only a member of this studio', async () => {
    const member = await addMember(t, owner.cookie);
    const before = t.mail.length;
    const known = await sendCode(member.email);
    const unknown = await sendCode('nobody-here@example.com');
    const studioName = (await call(t.app, 'GET', `/api/m/${slug}`)).body.name;
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(
      `If this email belongs to a member of ${studioName}, a code is on its way.`,
    );
    const sent = t.mail.slice(before);
    expect(sent.map((m) => m.to)).toEqual([member.email.toLowerCase()]);
    expect(sent[0]!.subject).toMatch(new RegExp(`^\\d{6} is your ${studioName} sign-in code$`));
    const code = lastPortalCode(t, member.email.toLowerCase());
    // The same email's link signs in with the same code.
    expect(sent[0]!.links![0]).toContain(`/m/${slug}/sign-in?email=`);
    expect(sent[0]!.links![0]).toContain(`code=${code}`);
  });

  it('signs in with the right code: a path-scoped, http-only cookie for this studio', async () => {
    const member = await addMember(t, owner.cookie);
    const wrong = await sendCode(member.email).then(() =>
      signIn(
        member.email,
        lastPortalCode(t, member.email.toLowerCase()) === '000000' ? '111111' : '000000',
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_code');
    const { setCookie, cookie, me } = await signInMember(t, slug, member.email);
    expect(setCookie).toContain(`Path=/api/m/${slug}`);
    expect(setCookie).toContain('HttpOnly');
    expect(me).toMatchObject({ memberId: member.id, firstName: member.firstName });
    const self = await call(t.app, 'GET', `/api/m/${slug}/me`, { cookie });
    expect(self.status).toBe(200);
    expect(self.body.memberId).toBe(member.id);
  });

  it('allows five tries per code, then asks for a new code', async () => {
    const member = await addMember(t, owner.cookie);
    await sendCode(member.email);
    const code = lastPortalCode(t, member.email.toLowerCase());
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await signIn(member.email, wrongCode)).status).toBe(400);
    const blocked = await signIn(member.email, code);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('too_many_attempts');
  });

  it('refuses an expired code with a way forward', async () => {
    const member = await addMember(t, owner.cookie);
    await sendCode(member.email);
    const code = lastPortalCode(t, member.email.toLowerCase());
    await t.deps.database.db
      .update(memberVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberVerifications.identifier, `sign-in-otp-${member.email.toLowerCase()}`));
    const res = await signIn(member.email, code);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'code_expired' });
  });

  it('limits codes per email', async () => {
    const member = await addMember(t, owner.cookie);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await sendCode(member.email)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('keeps member and staff sessions apart, and each studio to its own members', async () => {
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    // A staff session is no member session, and a member session reaches no staff route.
    expect((await call(t.app, 'GET', `/api/m/${slug}/me`, { cookie: owner.cookie })).status).toBe(
      401,
    );
    expect((await call(t.app, 'GET', '/api/members', { cookie })).status).toBe(401);
    // This studio's member session in another studio's portal: signed in there it is not.
    const elsewhere = await call(t.app, 'GET', `/api/m/${other.organization.slug}/me`, { cookie });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error.code).toBe('unauthorized');
    // A member of one studio gets no code from another studio's portal.
    const before = t.mail.length;
    await sendCode(member.email, other.organization.slug);
    expect(t.mail.length).toBe(before);
    expect((await call(t.app, 'GET', '/api/m/no-such-studio-here')).status).toBe(404);
  });

  it('signs out here, and everywhere', async () => {
    const member = await addMember(t, owner.cookie);
    const first = await signInMember(t, slug, member.email);
    const second = await signInMember(t, slug, member.email);
    const third = await signInMember(t, slug, member.email);
    const out = await call(t.app, 'POST', `/api/m/${slug}/sign-out`, { cookie: first.cookie });
    expect(out.status).toBe(204);
    expect((await call(t.app, 'GET', `/api/m/${slug}/me`, { cookie: first.cookie })).status).toBe(
      401,
    );
    expect((await call(t.app, 'GET', `/api/m/${slug}/me`, { cookie: second.cookie })).status).toBe(
      200,
    );
    await call(t.app, 'POST', `/api/m/${slug}/sign-out-everywhere`, { cookie: second.cookie });
    expect((await call(t.app, 'GET', `/api/m/${slug}/me`, { cookie: third.cookie })).status).toBe(
      401,
    );
  });
});

describe('booking and cancelling for oneself', () => {
  it('books, joins the waitlist when full, and never shows who else is booked', async () => {
    const orgId = owner.organization.id;
    const session = await insertSession(t.deps.database.db, orgId, {
      capacity: 1,
      name: 'Portal Spin',
    });
    const first = await addMember(t, owner.cookie);
    const second = await addMember(t, owner.cookie);
    const a = await signInMember(t, slug, first.email);
    const b = await signInMember(t, slug, second.email);
    const booked = await call(t.app, 'POST', `/api/m/${slug}/sessions/${session.id}/book`, {
      cookie: a.cookie,
    });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body).toMatchObject({ sessionName: 'Portal Spin', status: 'booked' });
    const waiting = await call(t.app, 'POST', `/api/m/${slug}/sessions/${session.id}/book`, {
      cookie: b.cookie,
    });
    expect(waiting.body).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    const week = await call(t.app, 'GET', `/api/m/${slug}/schedule`, { cookie: b.cookie });
    expect(week.status, week.text).toBe(200);
    const shown = week.body.sessions.find((s: { id: string }) => s.id === session.id);
    expect(shown).toMatchObject({ placesLeft: 0, waitlistCount: 1 });
    expect(shown.myBooking).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(JSON.stringify(week.body)).not.toContain(first.lastName);
    // Another member's booking answers like one that does not exist.
    const foreign = await call(t.app, 'POST', `/api/m/${slug}/bookings/${booked.body.id}/cancel`, {
      cookie: b.cookie,
    });
    const missing = await call(
      t.app,
      'POST',
      `/api/m/${slug}/bookings/${crypto.randomUUID()}/cancel`,
      { cookie: b.cookie },
    );
    const answer = (r: typeof foreign) => [r.status, r.body.error.code, r.body.error.message];
    expect(answer(foreign)).toEqual(answer(missing));
    expect(foreign.status).toBe(404);
  });

  it("shares the studio's week between members, each seeing their own booking at once", async () => {
    const session = await insertSession(t.deps.database.db, owner.organization.id, {
      capacity: 2,
      name: 'Shared Week Yoga',
    });
    const a = await signInMember(t, slug, (await addMember(t, owner.cookie)).email);
    const b = await signInMember(t, slug, (await addMember(t, owner.cookie)).email);
    const seen = async (cookie?: string) => {
      const week = cookie
        ? await call(t.app, 'GET', `/api/m/${slug}/schedule`, { cookie })
        : await call(t.app, 'GET', `/api/m/${slug}/classes`);
      expect(week.status, week.text).toBe(200);
      return week.body.sessions.find((s: { id: string }) => s.id === session.id);
    };
    // Read twice: the second read is the studio's week as the cache keeps it.
    await seen(a.cookie);
    expect(await seen(a.cookie)).toMatchObject({ placesLeft: 2, myBooking: null });
    const booked = await call(t.app, 'POST', `/api/m/${slug}/sessions/${session.id}/book`, {
      cookie: b.cookie,
    });
    expect(booked.status, booked.text).toBe(201);
    // The booking (a write of the studio) dropped the kept week: everyone sees it at once.
    expect(await seen(a.cookie)).toMatchObject({ placesLeft: 1, myBooking: null });
    expect(await seen(b.cookie)).toMatchObject({
      placesLeft: 1,
      myBooking: { id: booked.body.id, status: 'booked', waitlistPosition: null },
    });
    expect(await seen()).toMatchObject({ placesLeft: 1, myBooking: null });
  });

  it("keeps each studio's members to their studio's week, read after read on shared connections", async () => {
    const mine = await insertSession(t.deps.database.db, owner.organization.id, {
      name: 'Only Here Pilates',
    });
    const theirs = await insertSession(t.deps.database.db, other.organization.id, {
      name: 'Only There Boxing',
    });
    const here = await signInMember(t, slug, (await addMember(t, owner.cookie)).email);
    const there = await signInMember(
      t,
      other.organization.slug,
      (await addMember(t, other.cookie)).email,
    );
    // Alternating reads reuse the read pool's connections on PostgreSQL: none keeps a scope.
    for (let i = 0; i < 4; i++) {
      const a = await call(t.app, 'GET', `/api/m/${slug}/schedule`, { cookie: here.cookie });
      const b = await call(t.app, 'GET', `/api/m/${other.organization.slug}/schedule`, {
        cookie: there.cookie,
      });
      const ids = (r: typeof a) => r.body.sessions.map((s: { id: string }) => s.id);
      expect(ids(a)).toContain(mine.id);
      expect(ids(a)).not.toContain(theirs.id);
      expect(ids(b)).toContain(theirs.id);
      expect(ids(b)).not.toContain(mine.id);
    }
  });

  it('says what each class costs the member, as the booking will decide it', async () => {
    const session = await insertSession(t.deps.database.db, owner.organization.id, {
      name: 'Costed Barre',
    });
    const sell = async (memberId: string, plan: Record<string, unknown>) => {
      const created = await call(t.app, 'POST', '/api/plans', { cookie: owner.cookie, body: plan });
      expect(created.status, created.text).toBe(201);
      const sold = await call(t.app, 'POST', `/api/members/${memberId}/memberships`, {
        cookie: owner.cookie,
        body: { planId: created.body.id, method: 'cash' },
      });
      expect(sold.status, sold.text).toBe(201);
    };
    const costOf = async (email: string) => {
      const { cookie } = await signInMember(t, slug, email);
      const week = await call(t.app, 'GET', `/api/m/${slug}/schedule`, { cookie });
      return week.body.sessions.find((s: { id: string }) => s.id === session.id).myCost;
    };
    const legacy = await addMember(t, owner.cookie);
    expect(await costOf(legacy.email)).toBeNull();
    const packed = await addMember(t, owner.cookie);
    await sell(packed.id, {
      name: `Five Pack ${crypto.randomUUID().slice(0, 6)}`,
      kind: 'class_pack',
      price: '50.00',
      credits: 5,
      validityDays: 90,
    });
    expect(await costOf(packed.email)).toMatchObject({ kind: 'credit', creditsLeft: 5 });
    const unlimited = await addMember(t, owner.cookie);
    const name = `Unlimited ${crypto.randomUUID().slice(0, 6)}`;
    await sell(unlimited.id, {
      name,
      kind: 'membership',
      price: '99.00',
      billingInterval: 'month',
    });
    expect(await costOf(unlimited.email)).toEqual({ kind: 'included', planName: name });
    // Signed out, nobody's cost.
    const open = await call(t.app, 'GET', `/api/m/${slug}/classes`);
    expect(open.body.sessions.find((s: { id: string }) => s.id === session.id).myCost).toBeNull();
  });

  it('states the rule before a cancel and applies it as the front desk would', async () => {
    const orgId = owner.organization.id;
    await t.deps.database.db
      .insert(scheduleSettings)
      .values({ organizationId: orgId, lateCancelHours: 12 })
      .onConflictDoUpdate({
        target: scheduleSettings.organizationId,
        set: { lateCancelHours: 12 },
      });
    const soon = await insertSession(t.deps.database.db, orgId, { startsAt: hoursFromNow(3) });
    const later = await insertSession(t.deps.database.db, orgId, { startsAt: hoursFromNow(48) });
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const bookOf = async (id: string) =>
      (await call(t.app, 'POST', `/api/m/${slug}/sessions/${id}/book`, { cookie })).body
        .id as string;
    const lateId = await bookOf(soon.id);
    const freeId = await bookOf(later.id);
    const lateTerms = await call(t.app, 'GET', `/api/m/${slug}/bookings/${lateId}/cancel-terms`, {
      cookie,
    });
    expect(lateTerms.body).toEqual({
      late: true,
      message: 'Cancelling now is a late cancel: it is recorded as a late cancel, with no fee.',
    });
    const freeTerms = await call(t.app, 'GET', `/api/m/${slug}/bookings/${freeId}/cancel-terms`, {
      cookie,
    });
    expect(freeTerms.body.late).toBe(false);
    expect(freeTerms.body.message).toMatch(
      // The studio's locale (en-US here), as the portal writes its dates.
      /^Free cancellation until \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2}\s[AP]M\.$/,
    );
    const cancelled = await call(t.app, 'POST', `/api/m/${slug}/bookings/${lateId}/cancel`, {
      cookie,
    });
    expect(cancelled.body.status).toBe('late_cancelled');
    const [row] = await t.deps.database.db
      .select({ status: bookings.status, bookedBy: bookings.bookedBy })
      .from(bookings)
      .where(and(eq(bookings.organizationId, orgId), eq(bookings.id, lateId)));
    expect(row).toEqual({ status: 'late_cancelled', bookedBy: null });
    const mine = await call(t.app, 'GET', `/api/m/${slug}/bookings`, { cookie });
    expect(mine.body.upcoming.map((b: { id: string }) => b.id)).toEqual([freeId]);
    expect(mine.body.past.map((b: { id: string }) => b.id)).toEqual([lateId]);
  });

  it('books classes only: an appointment of the studio is no session to a member', async () => {
    const session = await insertSession(t.deps.database.db, owner.organization.id, {
      kind: 'appointment',
    });
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const res = await call(t.app, 'POST', `/api/m/${slug}/sessions/${session.id}/book`, { cookie });
    expect(res.status).toBe(404);
  });
});
