import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, signUp, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { signInThrottles } from '../db/schema/auth.ts';
import { failureDelayMs, lockDurationMs, SIGN_IN_THROTTLE } from './sign-in-throttle.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'correct-horse-battery';

/** A sign-in from a given socket address (better-auth's per-IP limit keys on it). */
async function signInFrom(ip: string, email: string, password: string) {
  const res = await t.app.request(
    `${TEST_ORIGIN}/api/auth/sign-in/email`,
    {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    },
    { incoming: { socket: { remoteAddress: ip, remoteFamily: 'IPv4' } } },
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe('the throttle policy', () => {
  it('delays the later failures of a series and locks at every tenth, at most 100 in a row', () => {
    expect([1, 5, 6, 7, 8, 9].map(failureDelayMs)).toEqual([0, 0, 250, 500, 1000, 2000]);
    expect(lockDurationMs(9)).toBeNull();
    expect(lockDurationMs(10)).toBe(15 * 60_000);
    expect(lockDurationMs(20)).toBe(30 * 60_000);
    expect(lockDurationMs(90)).toBe(24 * 60 * 60_000);
    expect(SIGN_IN_THROTTLE.hardLimit).toBeLessThanOrEqual(100);
    // At the hard limit the lock lasts until the password is reset.
    expect(lockDurationMs(100)).toBeGreaterThan(50 * 365 * 24 * 60 * 60_000);
  });
});

// Each case makes 10+ password checks (scrypt: slow on a busy machine) plus 3.75 s of delays.
const SLOW = { timeout: 120_000 };

describe('per-account sign-in throttling', () => {
  it(
    'locks an account after 10 failures from many addresses, refuses the right password, emails the holder',
    SLOW,
    async () => {
      const { email } = await signUp(t.app, { name: 'Lena Locked' });
      t.mail.length = 0;
      const statuses: number[] = [];
      const started = Date.now();
      for (let i = 1; i <= 10; i++) {
        // Ten different addresses: the per-IP limit (20 a minute) never applies.
        statuses.push((await signInFrom(`10.1.0.${i}`, email, `wrong-password-${i}`)).status);
      }
      // The progressive delay: 250 + 500 + 1000 + 2000 ms before the lock.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3700);
      expect(statuses).toEqual(Array(10).fill(401));

      const locked = await signInFrom('10.1.0.200', email.toUpperCase(), PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body.error).toMatchObject({ code: 'account_locked' });
      expect(locked.body.error.message).toMatch(
        /^Too many failed sign-in attempts\. Try again in 15 minutes/,
      );
      expect(locked.body.error.requestId).toBeTruthy();
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      expect(locked.headers.getSetCookie()).toEqual([]);

      await vi.waitFor(() => expect(t.mail).toHaveLength(1));
      expect(t.mail[0]).toMatchObject({
        to: email,
        subject: 'Your FitBase account is temporarily locked',
      });
      expect(t.mail[0]?.text).toContain('Hello Lena Locked');
      expect(t.mail[0]?.text).toContain('10 failed attempts in a row');
    },
  );

  it(
    'lets the right password in once the lock has passed, and a success resets the count',
    SLOW,
    async () => {
      const { email } = await signUp(t.app);
      for (let i = 1; i <= 10; i++) await signInFrom(`10.2.0.${i}`, email, 'wrong-password');
      expect((await signInFrom('10.2.0.50', email, PASSWORD)).status).toBe(429);
      // The lock ends (as if 15 minutes had passed): the right password works and clears the row.
      await t.deps.database.db
        .update(signInThrottles)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(signInThrottles.email, email));
      expect((await signInFrom('10.2.0.51', email, PASSWORD)).status).toBe(200);
      expect(
        await t.deps.database.db
          .select()
          .from(signInThrottles)
          .where(eq(signInThrottles.email, email)),
      ).toEqual([]);
    },
  );

  it('answers an unknown address the same way, without sending mail', SLOW, async () => {
    t.mail.length = 0;
    const email = 'nobody-here@example.com';
    for (let i = 1; i <= 10; i++) await signInFrom(`10.3.0.${i}`, email, 'x-password');
    const again = await signInFrom('10.3.0.99', email, 'x-password');
    expect(again.body.error.code).toBe('account_locked');
    expect(t.mail).toEqual([]);
  });

  it('is cleared by a password reset', SLOW, async () => {
    const { email } = await signUp(t.app);
    for (let i = 1; i <= 10; i++) await signInFrom(`10.4.0.${i}`, email, 'wrong-password');
    const asked = await call(t.app, 'POST', '/api/auth/request-password-reset', {
      body: { email, redirectTo: '/reset-password' },
    });
    expect(asked.status).toBe(200);
    const link = t.mail.findLast((m) => m.to === email && m.subject.includes('Reset'))?.links?.[0];
    const token = new URL(link ?? 'http://x/').searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'a-brand-new-passphrase' },
    });
    expect(reset.status).toBe(200);
    expect((await signInFrom('10.4.0.50', email, 'a-brand-new-passphrase')).status).toBe(200);
  });
});
