import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  cookieFrom,
  createOwner,
  createTestApp,
  signUp,
  TEST_ORIGIN,
  type TestContext,
} from '../../../test/test-app.ts';
import { rateLimits } from '../../db/schema/auth.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';

const PASSWORD = 'correct-horse-battery';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
// Every in-process request comes from one address; each test starts with fresh counters.
beforeEach(async () => {
  await t.deps.database.db.delete(rateLimits);
});

async function signIn(email: string, password = PASSWORD) {
  const res = await call(t.app, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
  return { ...res, cookie: cookieFrom(res.headers) };
}

async function meStatus(cookie: string) {
  return (await call(t.app, 'GET', '/api/me', { cookie })).status;
}

/** A membership of `userId` in a new organization owned by someone else, joined at `joinedAt`. */
async function joinOtherOrganization(
  userId: string,
  role: 'admin' | 'trainer' | 'staff',
  joinedAt: Date,
) {
  const owner = await createOwner(t.app);
  await t.deps.database.db
    .insert(organizationUsers)
    .values({ organizationId: owner.organization.id, userId, role, joinedAt });
  return owner.organization;
}

describe('GET /api/me', () => {
  it('gives the full name from sign-up, the default platform role and no organization', async () => {
    const person = await signUp(t.app, { name: 'Ada Lovelace' });
    const res = await call(t.app, 'GET', '/api/me', { cookie: person.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { id: person.userId, email: person.email, fullName: 'Ada Lovelace' },
      platformRole: 'user',
      organizations: [],
      currentOrganizationId: null,
    });
    const [profile] = await t.deps.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, person.userId));
    expect(profile).toMatchObject({
      email: person.email,
      fullName: 'Ada Lovelace',
      organizationId: null,
    });
  });

  it('lists organizations by join date, oldest first, with the role in each', async () => {
    const owner = await createOwner(t.app);
    const older = await joinOtherOrganization(
      owner.userId,
      'trainer',
      new Date(Date.now() - 2 * 86_400_000),
    );
    const newer = await joinOtherOrganization(owner.userId, 'staff', new Date(Date.now() + 60_000));
    const res = await call(t.app, 'GET', '/api/me', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body.organizations.map((o: { id: string; role: string }) => [o.id, o.role])).toEqual(
      [
        [older.id, 'trainer'],
        [owner.organization.id, 'owner'],
        [newer.id, 'staff'],
      ],
    );
    // The organization created last is the remembered one, not merely the first listed.
    expect(res.body.currentOrganizationId).toBe(owner.organization.id);
  });

  it('keeps the session across requests with the same cookie', async () => {
    const person = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect(await meStatus(person.cookie)).toBe(200);
  });
});

describe('PUT /api/me/current-organization', () => {
  it('switches the current organization, remembered across requests, with the role of that membership', async () => {
    const owner = await createOwner(t.app);
    const other = await joinOtherOrganization(owner.userId, 'trainer', new Date());
    const res = await call(t.app, 'PUT', '/api/me/current-organization', {
      cookie: owner.cookie,
      body: { organizationId: other.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.currentOrganizationId).toBe(other.id);
    const current = res.body.organizations.find(
      (o: { id: string }) => o.id === res.body.currentOrganizationId,
    );
    expect(current.role).toBe('trainer');

    const me = await call(t.app, 'GET', '/api/me', { cookie: owner.cookie });
    expect(me.body.currentOrganizationId).toBe(other.id);

    const back = await call(t.app, 'PUT', '/api/me/current-organization', {
      cookie: owner.cookie,
      body: { organizationId: owner.organization.id },
    });
    expect(back.body.currentOrganizationId).toBe(owner.organization.id);
  });

  it("answers 404, not 403, for another organization's id or an unknown id, changing nothing", async () => {
    const owner = await createOwner(t.app);
    const stranger = await createOwner(t.app);
    for (const organizationId of [
      stranger.organization.id,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
    ]) {
      const res = await call(t.app, 'PUT', '/api/me/current-organization', {
        cookie: owner.cookie,
        body: { organizationId },
      });
      expect(res.status, organizationId).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const me = await call(t.app, 'GET', '/api/me', { cookie: owner.cookie });
    expect(me.body.currentOrganizationId).toBe(owner.organization.id);
  });

  it('validates the body', async () => {
    const person = await signUp(t.app);
    const res = await call(t.app, 'PUT', '/api/me/current-organization', {
      cookie: person.cookie,
      body: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('organizationId');
  });
});

describe('POST /api/account/sign-out', () => {
  async function threeSessions() {
    const person = await signUp(t.app);
    const second = await signIn(person.email);
    const third = await signIn(person.email);
    expect(second.status).toBe(200);
    expect(third.status).toBe(200);
    const cookies = [person.cookie, second.cookie, third.cookie];
    for (const cookie of cookies) expect(await meStatus(cookie)).toBe(200);
    return cookies as [string, string, string];
  }

  it('local: ends only this session and clears its cookie', async () => {
    const [a, b, c] = await threeSessions();
    const res = await call(t.app, 'POST', '/api/account/sign-out', {
      cookie: a,
      body: { scope: 'local' },
    });
    expect(res.status).toBe(200);
    expect(
      res.headers.getSetCookie().some((v) => /session_token=;/.test(v) && /Max-Age=0/i.test(v)),
    ).toBe(true);
    expect([await meStatus(a), await meStatus(b), await meStatus(c)]).toEqual([401, 200, 200]);
  });

  it('defaults to local', async () => {
    const [a, b] = await threeSessions();
    expect(
      (await call(t.app, 'POST', '/api/account/sign-out', { cookie: a, body: {} })).body,
    ).toEqual({ scope: 'local' });
    expect([await meStatus(a), await meStatus(b)]).toEqual([401, 200]);
  });

  it('others: ends every other session and keeps this one', async () => {
    const [a, b, c] = await threeSessions();
    const res = await call(t.app, 'POST', '/api/account/sign-out', {
      cookie: a,
      body: { scope: 'others' },
    });
    expect(res.status).toBe(200);
    expect([await meStatus(a), await meStatus(b), await meStatus(c)]).toEqual([200, 401, 401]);
  });

  it('global: ends every session of the person, and only theirs', async () => {
    const [a, b, c] = await threeSessions();
    const bystander = await signUp(t.app);
    const res = await call(t.app, 'POST', '/api/account/sign-out', {
      cookie: b,
      body: { scope: 'global' },
    });
    expect(res.status).toBe(200);
    expect([await meStatus(a), await meStatus(b), await meStatus(c)]).toEqual([401, 401, 401]);
    expect(await meStatus(bystander.cookie)).toBe(200);
  });

  it('refuses an unknown scope and needs a session', async () => {
    const person = await signUp(t.app);
    const bad = await call(t.app, 'POST', '/api/account/sign-out', {
      cookie: person.cookie,
      body: { scope: 'everywhere' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('scope');
    expect(await meStatus(person.cookie)).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/account/sign-out', { body: { scope: 'local' } })).status,
    ).toBe(401);
  });
});

describe('sign-in', () => {
  it("refuses a wrong password with 401 and better-auth's message", async () => {
    const person = await signUp(t.app);
    const res = await signIn(person.email, 'not-the-password');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(res.cookie).toBe('');
    // An unknown email answers the same, so it tells nothing about who has an account.
    const unknown = await signIn('nobody-here@example.com', 'not-the-password');
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(res.body.message);
  });

  // 23 password checks: slow on a busy machine.
  it(
    'rate-limits repeated sign-ins (20 per minute per address) with counters in rate_limits',
    { timeout: 90_000 },
    async () => {
      const person = await signUp(t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        // A client cannot pick its own address: the header the server sets is overwritten.
        // Other accounts each time: the per-account lock (auth/sign-in-throttle.test.ts) would
        // answer before the per-address limit.
        const res = await call(t.app, 'POST', '/api/auth/sign-in/email', {
          body: { email: `other-${i}-${person.email}`, password: 'wrong-password' },
          headers: { 'x-fitbase-client-ip': `10.0.0.${i}`, 'x-forwarded-for': `10.0.1.${i}` },
        });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.headers.get('x-retry-after')).toMatch(/^\d+$/);
          expect(res.body.error).toMatchObject({
            code: 'rate_limited',
            message: 'Too many requests. Please try again later.',
          });
        }
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual([429, 429]);
      // Even the right password waits for the window to pass.
      expect((await signIn(person.email)).status).toBe(429);

      const rows = await t.deps.database.db.select().from(rateLimits);
      const signInRow = rows.find((r) => r.key.includes('/sign-in/email'));
      expect(signInRow).toBeDefined();
      expect(signInRow?.count).toBe(20);
      expect(Date.now() - (signInRow?.lastRequest ?? 0)).toBeLessThan(60_000);
    },
  );
});

describe('passwords', () => {
  it('refuses a well-known weak password at sign-up with code weak_password and its reasons', async () => {
    const res = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email: 'weak@example.com', password: 'password123', name: 'Weak' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('weak_password');
    expect(res.body.error.reasons).toEqual(['pwned']);
    expect(res.body.error.message).toMatch(/well-known weak password/);
    expect((await signIn('weak@example.com', 'password123')).status).toBe(401);
  });

  it('refuses passwords shorter than 6 or longer than 128 characters', async () => {
    const short = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email: 'short@example.com', password: 'a1b2c', name: 'Short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
    const long = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email: 'long@example.com', password: 'a1'.repeat(64) + 'x', name: 'Long' },
    });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('PASSWORD_TOO_LONG');
    // The limits themselves are accepted.
    await signUp(t.app, { password: 'k7q2z9' });
    await signUp(t.app, { password: 'a1'.repeat(64) });
  });

  it('recovers a password by email: link to /reset-password, weak one refused, old password and sessions gone', async () => {
    const person = await signUp(t.app, { name: 'Forgetful' });
    const res = await call(t.app, 'POST', '/api/auth/request-password-reset', {
      body: { email: person.email, redirectTo: '/reset-password' },
    });
    expect(res.status).toBe(200);
    const mail = t.mail.filter((m) => m.to === person.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Reset your FitBase password');
    const link = mail[0]?.links?.[0] ?? '';
    expect(link.startsWith(`${TEST_ORIGIN}/reset-password?token=`)).toBe(true);
    expect(mail[0]?.text).toContain(link);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const weak = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { newPassword: 'qwerty123', token },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatchObject({
      code: 'weak_password',
      fields: { newPassword: weak.body.error.message },
    });

    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { newPassword: 'new-horse-battery', token },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(person.email, PASSWORD)).status).toBe(401);
    expect((await signIn(person.email, 'new-horse-battery')).status).toBe(200);
    expect(await meStatus(person.cookie)).toBe(401);
    // A token works once.
    const again = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { newPassword: 'third-horse-battery', token },
    });
    expect(again.status).toBe(400);
  });

  it('sends nothing for an unknown email but answers the same', async () => {
    const before = t.mail.length;
    const res = await call(t.app, 'POST', '/api/auth/request-password-reset', {
      body: { email: 'no-account@example.com', redirectTo: '/reset-password' },
    });
    expect(res.status).toBe(200);
    expect(t.mail.length).toBe(before);
  });
});
