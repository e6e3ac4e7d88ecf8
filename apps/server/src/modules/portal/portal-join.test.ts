import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { leads } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';
import { waivers, waiverSignatures } from '../../db/schema/waivers.ts';
import { sendNotificationEmail } from '../notifications/notifications-jobs.service.ts';
import { notificationEmailJob } from '../notifications/notifications.jobs.ts';
import { PORTAL_JOIN_LIMITS } from './portal-join.service.ts';

// docs/product/member-portal.md#join-online

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let slug: string;
let packId: string;
let trialId: string;
let counter = 0;

async function plan(cookie: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/plans', {
    cookie,
    body: { soldOnline: true, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const packBody = {
  name: 'Intro 5 Pack',
  kind: 'class_pack',
  price: '49.00',
  credits: 5,
  validityDays: 30,
};
const trialBody = { name: 'Free Trial Week', kind: 'trial', price: '0.00', validityDays: 7 };

function person(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    offerId: packId,
    firstName: 'Jo',
    lastName: `Joiner ${counter}`,
    email: `joiner-${counter}-${Date.now()}@example.com`,
    phone: '555-0100',
    card: validCard({ cardLastFour: '4242' }),
    ...overrides,
  };
}

const join = (body: Record<string, unknown>, key = `key-${++counter}`, studio = slug) =>
  call(t.app, 'POST', `/api/m/${studio}/join`, { body, headers: { 'idempotency-key': key } });

const memberCookie = (res: { headers: Headers }) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('fitbase_member='))
    ?.split(';')[0];

async function membersWithEmail(email: string) {
  return t.deps.database.db.select().from(members).where(eq(members.email, email.toLowerCase()));
}

async function emailJobs(userId: string) {
  const { rows } = await t.deps.database.executeSql(
    `select data from pgboss.job where name = 'notifications.email' and data->>'userId' = $1
     order by created_on`,
    [userId],
  );
  return (rows as Array<{ data: Record<string, unknown> }>).map((r) => r.data);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  slug = owner.organization.slug;
  packId = await plan(owner.cookie, packBody);
  trialId = await plan(owner.cookie, trialBody);
  await plan(owner.cookie, { ...packBody, name: 'Staff-only Pack', soldOnline: false });
});
afterAll(async () => t?.close());

describe('Join online', () => {
  it("lists the studio's online offers, which need a card, and no waiver step without one", async () => {
    const res = await call(t.app, 'GET', `/api/m/${slug}/join`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.studio.slug).toBe(slug);
    expect(res.body.waiver).toBeNull();
    const offers = res.body.offers.map((o: { name: string; needsCard: boolean }) => [
      o.name,
      o.needsCard,
    ]);
    expect(offers.sort()).toEqual([
      ['Free Trial Week', false],
      ['Intro 5 Pack', true],
    ]);
    expect((await call(t.app, 'GET', '/api/m/no-such-studio/join')).status).toBe(404);
  });

  it('makes a member with the pack, one charge and a signed-in portal session; staff hear of it', async () => {
    const body = person();
    const res = await join(body);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ planName: 'Intro 5 Pack', me: { email: body.email } });
    const cookie = memberCookie(res);
    expect(cookie).toBeDefined();
    const me = await call(t.app, 'GET', `/api/m/${slug}/me`, { cookie });
    expect(me.status, me.text).toBe(200);
    expect(me.body.memberId).toBe(res.body.me.memberId);
    const mine = await call(t.app, 'GET', `/api/m/${slug}/memberships`, { cookie });
    expect(mine.body.memberships).toEqual([
      expect.objectContaining({ planName: 'Intro 5 Pack', creditsLeft: 5 }),
    ]);
    const payments = await call(t.app, 'GET', `/api/members/${me.body.memberId}/payments`, {
      cookie: owner.cookie,
    });
    expect(JSON.stringify(payments.body).match(/49\.00/g)).toHaveLength(1);
    // The bell, and an email through the notification job.
    const bell = await call(t.app, 'GET', '/api/notifications', { cookie: owner.cookie });
    expect(bell.body.notifications[0]).toMatchObject({
      event: 'online_join',
      title: `Joined online: Jo ${body.lastName}`,
      link: `/member/${me.body.memberId}`,
    });
    const jobs = await emailJobs(owner.userId);
    const job = jobs.find((j) => j.title === `Joined online: Jo ${body.lastName}`);
    expect(job).toBeDefined();
    const before = t.mail.length;
    await sendNotificationEmail(t.deps, notificationEmailJob.payload.parse(job));
    expect(t.mail.slice(before)[0]).toMatchObject({
      to: owner.email,
      subject: expect.stringContaining(`Joined online: Jo ${body.lastName}`),
    });
  });

  it('converts the lead with the same email and keeps its source', async () => {
    const source = await call(t.app, 'POST', '/api/lead-sources', {
      cookie: owner.cookie,
      body: { name: `Instagram ${counter}` },
    });
    expect(source.status, source.text).toBe(201);
    const body = person();
    const lead = await call(t.app, 'POST', '/api/leads', {
      cookie: owner.cookie,
      body: {
        firstName: 'Jo',
        lastName: body.lastName,
        email: body.email.toUpperCase(),
        sourceId: source.body.id,
      },
    });
    expect(lead.status, lead.text).toBe(201);
    const res = await join(body);
    expect(res.status, res.text).toBe(201);
    const [row] = await t.deps.database.db.select().from(leads).where(eq(leads.id, lead.body.id));
    expect(row).toMatchObject({
      status: 'converted',
      memberId: res.body.me.memberId,
      sourceId: source.body.id,
    });
  });

  it('a double submit with the same Idempotency-Key makes one member and one charge', async () => {
    const body = person();
    const key = `double-${counter}`;
    const [a, b] = await Promise.all([join(body, key), join(body, key)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.me.memberId).toBe(b.body.me.memberId);
    expect(memberCookie(a)).toBeDefined();
    expect(memberCookie(b)).toBeDefined();
    const again = await join(body, key);
    expect(again.status).toBe(200);
    expect(await membersWithEmail(body.email)).toHaveLength(1);
    const payments = await call(t.app, 'GET', `/api/members/${a.body.me.memberId}/payments`, {
      cookie: owner.cookie,
    });
    expect(JSON.stringify(payments.body).match(/49\.00/g)).toHaveLength(1);
    // The same key with someone else's details is not a replay and signs nobody in.
    const other = await join(person(), key);
    expect(other.status).toBe(409);
    expect(memberCookie(other)).toBeUndefined();
  });

  it('refuses an email that is already a member and points to sign in', async () => {
    const existing = await addMember(t, owner.cookie);
    const res = await join(person({ email: existing.email }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'member_exists',
      fields: { email: expect.stringContaining('sign in instead') },
    });
    expect(res.body.error.message).not.toContain(existing.firstName);
    expect(memberCookie(res)).toBeUndefined();
  });

  it('answers bad input with field errors', async () => {
    const res = await join({ offerId: 'nope', firstName: ' ', email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.fields)).toEqual(
      expect.arrayContaining(['offerId', 'firstName', 'lastName', 'email', 'phone']),
    );
    const noCard = await join(person({ card: undefined }));
    expect(noCard.status).toBe(400);
    expect(noCard.body.error.fields).toEqual({ card: 'Enter a card to pay' });
    const hidden = await call(t.app, 'GET', `/api/m/${slug}/join`);
    const missing = await join(person({ offerId: '3f6c2a9e-7b1d-4c5e-9a8f-0d2e4b6c8a1f' }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ offerId: 'Choose one of the offers' });
    expect(hidden.body.offers.some((o: { name: string }) => o.name === 'Staff-only Pack')).toBe(
      false,
    );
    const noKey = await call(t.app, 'POST', `/api/m/${slug}/join`, { body: person() });
    expect(noKey.status).toBe(400);
  });

  it('a declined card creates nothing', async () => {
    const body = person({ card: validCard({ cardLastFour: '0002' }) });
    const res = await join(body);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('card_declined');
    expect(memberCookie(res)).toBeUndefined();
    expect(await membersWithEmail(body.email)).toHaveLength(0);
    // Trying again with a good card under a new key joins.
    const retry = await join({ ...body, card: validCard() });
    expect(retry.status, retry.text).toBe(201);
  });

  it('a free trial needs no card', async () => {
    const res = await join(person({ offerId: trialId, card: undefined }));
    expect(res.status, res.text).toBe(201);
    const cookie = memberCookie(res);
    const mine = await call(t.app, 'GET', `/api/m/${slug}/memberships`, { cookie });
    expect(mine.body.memberships).toEqual([
      expect.objectContaining({ planName: 'Free Trial Week' }),
    ]);
    const cards = await call(t.app, 'GET', `/api/m/${slug}/cards`, { cookie });
    expect(cards.body.cards).toEqual([]);
  });
});

describe('Join online with a waiver', () => {
  let studio: Awaited<ReturnType<typeof createOwner>>;
  let waiverId: string;
  let offerId: string;
  beforeAll(async () => {
    studio = await createOwner(t.app, 'pro');
    offerId = await plan(studio.cookie, trialBody);
    const [row] = await t.deps.database.db
      .insert(waivers)
      .values({
        organizationId: studio.organization.id,
        version: 1,
        title: 'Liability waiver',
        body: 'I take part at my own risk.',
      })
      .returning({ id: waivers.id });
    waiverId = row!.id;
  });

  const waiverJoin = (body: Record<string, unknown>) =>
    join(
      { ...person({ offerId, card: undefined }), ...body },
      `w-${++counter}`,
      studio.organization.slug,
    );

  it('shows the waiver and requires it signed', async () => {
    const info = await call(t.app, 'GET', `/api/m/${studio.organization.slug}/join`);
    expect(info.body.waiver).toMatchObject({ id: waiverId, version: 1, title: 'Liability waiver' });
    const unsigned = await waiverJoin({});
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.fields).toEqual({
      'waiver.agree': 'Tick I have read and agree to sign',
    });
  });

  it('signs the waiver with the typed name while joining', async () => {
    const res = await waiverJoin({ waiver: { fullName: 'Jo Joiner', agree: true } });
    expect(res.status, res.text).toBe(201);
    const signed = await t.deps.database.db
      .select()
      .from(waiverSignatures)
      .where(
        and(
          eq(waiverSignatures.organizationId, studio.organization.id),
          eq(waiverSignatures.memberId, res.body.me.memberId),
        ),
      );
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({ signedName: 'Jo Joiner', waiverId });
  });

  it('needs a guardian for someone under 18, and then nothing was made', async () => {
    const body = { dateOfBirth: '2015-01-01', waiver: { fullName: 'Kid Joiner', agree: true } };
    const res = await waiverJoin(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['waiver.guardianName']);
    const { rows } = await t.deps.database.executeSql(
      `select count(*)::int as n from members where organization_id = $1 and date_of_birth = '2015-01-01'`,
      [studio.organization.id],
    );
    expect(rows).toEqual([{ n: 0 }]);
    const ok = await waiverJoin({
      ...body,
      waiver: { ...body.waiver, guardianName: 'Pat Parent' },
    });
    expect(ok.status, ok.text).toBe(201);
  });
});

// Last: it uses up this address's joins for the window.
describe('Join online throttle', () => {
  it('limits joins per address like sign-in', async () => {
    const unknownOffer = '3f6c2a9e-7b1d-4c5e-9a8f-0d2e4b6c8a1f';
    let last = await join(person({ offerId: unknownOffer }));
    for (let i = 0; i < PORTAL_JOIN_LIMITS.perAddress && last.status !== 429; i += 1)
      last = await join(person({ offerId: unknownOffer }));
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('rate_limited');
    // Refused before anything is looked at, a good join too.
    const refused = await join(person());
    expect(refused.status).toBe(429);
  });
});
