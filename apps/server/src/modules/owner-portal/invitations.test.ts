import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUp, type TestContext } from '../../../test/test-app.ts';
import { invitations, userSubscriptions } from '../../db/schema/platform.ts';
import { createPlanAs, personWithRole } from '../../../test/fixtures/owner-portal.ts';

let t: TestContext;
let owner: Awaited<ReturnType<typeof personWithRole>>;
let plan: { id: string; name: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithRole(t, 'owner', { name: 'Olive Owner' });
  plan = await createPlanAs(t, owner.cookie, {
    name: 'Studio Pro',
    priceMonthly: '99',
    features: { max_members: 100 },
  });
});
afterAll(async () => t?.close());

let counter = 0;
async function invite(body: Record<string, unknown> = {}) {
  counter += 1;
  const email = (body.email as string | undefined) ?? `Invited.${counter}@Example.com`;
  const res = await call(t.app, 'POST', '/api/owner-portal/invitations', {
    cookie: owner.cookie,
    body: { email, ...body },
  });
  const token = res.body?.invitation?.token as string;
  return { res, email: email.toLowerCase(), token };
}
// The token travels in the query string and the body, never in the path (access logs).
const lookup = (token: string) =>
  call(t.app, 'GET', `/api/invitations/lookup?token=${encodeURIComponent(token)}`);
const accept = (token: string, cookie: string) =>
  call(t.app, 'POST', '/api/invitations/accept', { cookie, body: { token } });
const subscriptionsOf = (userId: string) =>
  t.deps.database.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));

describe('POST /api/owner-portal/invitations', () => {
  it('stores a pending invitation with a 256-bit token and a 7-day expiry, and emails the link', async () => {
    const before = Date.now();
    const { res, email, token } = await invite({ planId: plan.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      emailSent: true,
      sentTo: email,
      invitation: { email, planName: 'Studio Pro', status: 'pending' },
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(res.body.invitation.expiresAt) - before;
    expect(Math.abs(ttl - 7 * 86_400_000)).toBeLessThan(10_000);
    const mail = t.mail.at(-1);
    expect(mail?.to).toBe(email);
    expect(mail?.links).toEqual([`http://localhost:3000/invite/${token}`]);
    expect(mail?.text).toContain(`http://localhost:3000/invite/${token}`);
    expect(mail?.text).toContain(
      'Olive Owner invited you to join FitBase with the Studio Pro plan ($99.00/month)',
    );
  });

  it('sends to the demo address in demo mode, and requires it', async () => {
    const missing = await invite({ demoMode: true, demoEmail: ' ' });
    expect(missing.res.status).toBe(400);
    expect(missing.res.body.error.fields.demoEmail).toBe(
      'Please enter your demo email address when demo mode is enabled',
    );
    const { res, email } = await invite({ demoMode: true, demoEmail: 'demo@owner.test' });
    expect(res.body).toMatchObject({
      emailSent: true,
      sentTo: 'demo@owner.test',
      invitation: { email },
    });
    expect(t.mail.at(-1)?.to).toBe('demo@owner.test');
    expect(t.mail.at(-1)?.text).toContain(`Demo invitation for ${email}.`);
  });

  it('keeps the invitation and answers emailSent: false when the mail server fails', async () => {
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const { res, token } = await invite();
      expect(res.status).toBe(201);
      expect(res.body.emailSent).toBe(false);
      const list = await call(t.app, 'GET', '/api/owner-portal/invitations', {
        cookie: owner.cookie,
      });
      expect(list.body.items[0]).toMatchObject({ token, status: 'pending', planName: null });
    } finally {
      t.deps.mailer.send = send;
    }
  });

  it('refuses an inactive or unknown plan and a bad email', async () => {
    const inactive = await createPlanAs(t, owner.cookie, {
      name: 'Old',
      priceMonthly: '1',
      isActive: false,
    });
    expect((await invite({ planId: inactive.id })).res.status).toBe(400);
    expect((await invite({ planId: '00000000-0000-4000-8000-000000000000' })).res.status).toBe(400);
    expect((await invite({ email: 'not-an-email' })).res.status).toBe(400);
  });
});

describe('invitation lifecycle', () => {
  it('shows who invited and the plan publicly, then accepts once with the plan as subscription', async () => {
    const { email, token } = await invite({ planId: plan.id });
    const shown = await lookup(token);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      status: 'pending',
      email,
      inviterName: 'Olive Owner',
      planName: 'Studio Pro',
      planPriceMonthly: '99.00',
    });

    // The invited email, typed in another case, signs up and accepts.
    const person = await signUp(t.app, { email: email.toUpperCase() });
    const res = await accept(token, person.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'accepted', planName: 'Studio Pro' });
    expect(await subscriptionsOf(person.userId)).toMatchObject([
      { planId: plan.id, status: 'active' },
    ]);
    const [row] = await t.deps.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.token, token));
    expect(row).toMatchObject({ status: 'accepted', acceptedBy: person.userId });

    const again = await accept(token, person.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This invitation has already been used.');
    expect((await lookup(token)).body).toMatchObject({
      status: 'accepted',
      email: null,
    });
    expect(await subscriptionsOf(person.userId)).toHaveLength(1);
  });

  it('works for an existing account through sign-in, without a plan creating no subscription', async () => {
    const existing = await signUp(t.app);
    const { token } = await invite({ email: existing.email });
    expect((await accept(token, existing.cookie)).body).toEqual({
      status: 'accepted',
      planName: null,
    });
    expect(await subscriptionsOf(existing.userId)).toEqual([]);
  });

  it('refuses anyone signed in with another email, and needs a session', async () => {
    const { token, email } = await invite();
    const other = await signUp(t.app);
    const res = await accept(token, other.cookie);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      `This invitation is for ${email}. Sign in with that email address to accept it.`,
    );
    expect((await call(t.app, 'POST', '/api/invitations/accept', { body: { token } })).status).toBe(
      401,
    );
    expect((await lookup(token)).body.status).toBe('pending');
  });

  it('reads as expired once past expires_at and cannot be accepted', async () => {
    const { token, email } = await invite({ planId: plan.id });
    await t.deps.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.token, token));
    expect((await lookup(token)).body).toEqual({
      status: 'expired',
      email: null,
      inviterName: null,
      planName: null,
      planPriceMonthly: null,
      expiresAt: null,
    });
    const list = await call(t.app, 'GET', '/api/owner-portal/invitations?limit=100', {
      cookie: owner.cookie,
    });
    expect(list.body.items.find((i: { token: string }) => i.token === token)?.status).toBe(
      'expired',
    );
    const person = await signUp(t.app, { email });
    const res = await accept(token, person.cookie);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This invitation has expired. Ask for a new one.');
    expect(await subscriptionsOf(person.userId)).toEqual([]);
  });

  it('answers 404 for an unknown token', async () => {
    expect((await lookup('no-such-token')).status).toBe(404);
    expect((await accept('no-such-token', owner.cookie)).status).toBe(404);
  });

  it('lets exactly one of two simultaneous acceptances succeed', async () => {
    const { token, email } = await invite({ planId: plan.id });
    const person = await signUp(t.app, { email });
    const results = await Promise.all([
      accept(token, person.cookie),
      accept(token, person.cookie),
      accept(token, person.cookie),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await subscriptionsOf(person.userId)).toHaveLength(1);
  });

  it('lists sent invitations newest first with plan name or null', async () => {
    const a = await invite({ planId: plan.id });
    const b = await invite();
    const list = await call(t.app, 'GET', '/api/owner-portal/invitations?limit=2', {
      cookie: owner.cookie,
    });
    expect(list.body.items.map((i: { token: string }) => i.token)).toEqual([b.token, a.token]);
    expect(list.body.items[1].planName).toBe('Studio Pro');
    expect(list.body.nextCursor).toEqual(expect.any(String));
  });
});
