import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  cookieFrom,
  createOwner,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';
import { personWithRole } from '../../../test/fixtures/members.ts';
import { rateLimits } from '../../db/schema/auth.ts';
import { deviceName } from './device-name.ts';

// docs/product/settings-and-data.md#security.

const PASSWORD = 'correct-horse-battery';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
// better-auth allows 3 two-factor or password requests per 10 seconds from one address, and
// every test request comes from the same one.
beforeEach(async () => {
  await t.deps.database.db.delete(rateLimits);
});
const clearRateLimits = () => t.deps.database.db.delete(rateLimits);

/** The session cookie a response set, merged over the ones sent (better-auth rotates it). */
function merged(before: string, headers: Headers) {
  const jar = new Map(before.split('; ').map((pair) => [pair.split('=')[0]!, pair]));
  for (const pair of cookieFrom(headers).split('; ').filter(Boolean))
    jar.set(pair.split('=')[0]!, pair);
  return [...jar.values()].join('; ');
}

/** Enables two-factor authentication as better-auth does: password, then a first code. */
async function enableTwoFactor(cookie: string) {
  await clearRateLimits();
  const enabled = await call(t.app, 'POST', '/api/auth/two-factor/enable', {
    cookie,
    body: { password: PASSWORD },
  });
  expect(enabled.status, enabled.text).toBe(200);
  const { totpURI, backupCodes } = enabled.body as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  const verified = await call(t.app, 'POST', '/api/auth/two-factor/verify-totp', {
    cookie,
    body: { code: totp.generate() },
  });
  expect(verified.status, verified.text).toBe(200);
  return { totp, backupCodes, totpURI, cookie: merged(cookie, verified.headers) };
}

async function signIn(email: string, password = PASSWORD) {
  return call(t.app, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
}

describe('two-factor authentication', () => {
  it('enables with the password and a code, then sign-in asks for a code or a backup code', async () => {
    const person = await signUp(t.app);
    const wrong = await call(t.app, 'POST', '/api/auth/two-factor/enable', {
      cookie: person.cookie,
      body: { password: 'not-my-password' },
    });
    expect(wrong.status).toBe(400);

    const { totp, backupCodes, totpURI } = await enableTwoFactor(person.cookie);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/FitBase:/);
    expect(backupCodes).toHaveLength(10);

    const first = await signIn(person.email);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const pending = cookieFrom(first.headers);
    // No session yet: only the short-lived two-factor challenge cookie.
    expect((await call(t.app, 'GET', '/api/me', { cookie: pending })).status).toBe(401);

    const badCode = await call(t.app, 'POST', '/api/auth/two-factor/verify-totp', {
      cookie: pending,
      body: { code: '000000' === totp.generate() ? '111111' : '000000' },
    });
    expect(badCode.status).toBe(401);
    const good = await call(t.app, 'POST', '/api/auth/two-factor/verify-totp', {
      cookie: pending,
      body: { code: totp.generate() },
    });
    expect(good.status, good.text).toBe(200);
    const signedIn = merged(pending, good.headers);
    expect((await call(t.app, 'GET', '/api/me', { cookie: signedIn })).status).toBe(200);

    const second = await signIn(person.email);
    const viaBackup = await call(t.app, 'POST', '/api/auth/two-factor/verify-backup-code', {
      cookie: cookieFrom(second.headers),
      body: { code: backupCodes[0] },
    });
    expect(viaBackup.status, viaBackup.text).toBe(200);
  });

  it('cannot be turned off without the current password', async () => {
    const person = await signUp(t.app);
    const { cookie } = await enableTwoFactor(person.cookie);
    await clearRateLimits();
    const none = await call(t.app, 'POST', '/api/auth/two-factor/disable', { cookie, body: {} });
    expect(none.status).toBe(400);
    const wrong = await call(t.app, 'POST', '/api/auth/two-factor/disable', {
      cookie,
      body: { password: 'not-my-password' },
    });
    expect(wrong.status).toBe(400);
    const right = await call(t.app, 'POST', '/api/auth/two-factor/disable', {
      cookie,
      body: { password: PASSWORD },
    });
    expect(right.status, right.text).toBe(200);
    const again = await signIn(person.email);
    expect(again.body.twoFactorRedirect).toBeUndefined();
  });
});

describe('a studio that requires two-factor authentication', () => {
  it('lets only an owner who uses it require it, then refuses staff without it on studio routes', async () => {
    const owner = await createOwner(t.app);
    const refused = await call(t.app, 'PATCH', '/api/settings/security', {
      cookie: owner.cookie,
      body: { requireTwoFactor: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/your own account first/);

    const ownerCookie = (await enableTwoFactor(owner.cookie)).cookie;
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    const byTrainer = await call(t.app, 'PATCH', '/api/settings/security', {
      cookie: trainer.cookie,
      body: { requireTwoFactor: true },
    });
    expect(byTrainer.status).toBe(403);
    const set = await call(t.app, 'PATCH', '/api/settings/security', {
      cookie: ownerCookie,
      body: { requireTwoFactor: true },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ requireTwoFactor: true });

    const blocked = await call(t.app, 'GET', '/api/members', { cookie: trainer.cookie });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toMatchObject({
      code: 'two_factor_required',
      message: 'Your studio requires two-factor authentication. Turn it on in Settings › Security.',
    });
    const write = await call(t.app, 'GET', '/api/settings/security', { cookie: trainer.cookie });
    expect(write.body.error.code).toBe('two_factor_required');
    // What they need to enrol stays reachable.
    expect((await call(t.app, 'GET', '/api/me', { cookie: trainer.cookie })).status).toBe(200);
    const sessions = await call(t.app, 'GET', '/api/account/sessions', { cookie: trainer.cookie });
    expect(sessions.status).toBe(200);

    const trainerCookie = (await enableTwoFactor(trainer.cookie)).cookie;
    const allowed = await call(t.app, 'GET', '/api/settings/security', { cookie: trainerCookie });
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.body).toEqual({ requireTwoFactor: true });
    expect((await call(t.app, 'GET', '/api/members', { cookie: ownerCookie })).status).toBe(200);
  });
});

describe('change password', () => {
  it('needs the current password and applies the length and weak-password rules', async () => {
    const person = await signUp(t.app);
    const change = (body: Record<string, unknown>, cookie = person.cookie) =>
      call(t.app, 'POST', '/api/auth/change-password', { cookie, body });
    const short = await change({ currentPassword: PASSWORD, newPassword: 'abc12' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
    const weak = await change({ currentPassword: PASSWORD, newPassword: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('weak_password');
    const own = await change({ currentPassword: PASSWORD, newPassword: person.email });
    expect(own.body.code).toBe('weak_password');
    await clearRateLimits();
    const wrongCurrent = await change({
      currentPassword: 'not-my-password',
      newPassword: 'velvet-orbit-lantern-42',
    });
    expect(wrongCurrent.status).toBe(400);

    const other = cookieFrom((await signIn(person.email)).headers);
    const ok = await change({
      currentPassword: PASSWORD,
      newPassword: 'velvet-orbit-lantern-42',
      revokeOtherSessions: true,
    });
    expect(ok.status, ok.text).toBe(200);
    // "Sign out other devices": the other session is gone.
    expect((await call(t.app, 'GET', '/api/me', { cookie: other })).status).toBe(401);
    expect((await signIn(person.email, 'velvet-orbit-lantern-42')).status).toBe(200);
  });
});

describe('active sessions', () => {
  it('lists the person’s own sessions without tokens and signs one out', async () => {
    const person = await signUp(t.app);
    const stranger = await signUp(t.app);
    const phone = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: person.email, password: PASSWORD },
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      },
    });
    const phoneCookie = cookieFrom(phone.headers);
    const list = await call(t.app, 'GET', '/api/account/sessions', { cookie: person.cookie });
    expect(list.status, list.text).toBe(200);
    const sessions = list.body.sessions as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions[1]).toMatchObject({ current: false, device: 'Safari on iOS' });
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);

    const phoneId = sessions[1]!.id as string;
    const foreign = await call(t.app, 'POST', `/api/account/sessions/${phoneId}/revoke`, {
      cookie: stranger.cookie,
    });
    expect(foreign.status).toBe(404);
    expect((await call(t.app, 'GET', '/api/me', { cookie: phoneCookie })).status).toBe(200);
    const revoked = await call(t.app, 'POST', `/api/account/sessions/${phoneId}/revoke`, {
      cookie: person.cookie,
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { cookie: phoneCookie })).status).toBe(401);
    const missing = await call(t.app, 'POST', `/api/account/sessions/${phoneId}/revoke`, {
      cookie: person.cookie,
    });
    expect(missing.status).toBe(404);
  });

  it('names devices simply from the user agent', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      deviceName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS');
    expect(
      deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0'),
    ).toBe('Firefox on Linux');
    expect(deviceName(null)).toBeNull();
  });
});
