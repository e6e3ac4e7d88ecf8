import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieFrom, createTestApp, type TestContext } from '../../test/test-app.ts';
import { trustedOrigins, untrustedOriginMessage } from './trusted-origins.ts';

describe('trustedOrigins', () => {
  it('trusts every loopback spelling of a loopback APP_URL, on its port only', () => {
    expect(trustedOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(trustedOrigins('http://127.0.0.1:4000/')).toContain('http://localhost:4000');
    expect(trustedOrigins('http://localhost')).toContain('http://127.0.0.1');
  });

  it('trusts only APP_URL when it is a real address', () => {
    expect(trustedOrigins('https://gym.example.com')).toEqual(['https://gym.example.com']);
    expect(trustedOrigins('https://gym.example.com:8443/app')).toEqual([
      'https://gym.example.com:8443',
    ]);
  });
});

describe('opening FitBase at another address than APP_URL (http://localhost:3000)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  /** What a browser on `origin` sends for a same-origin fetch. */
  async function post(origin: string, path: string, body: unknown, cookie?: string) {
    const response = await t.app.request(`${origin}${path}`, {
      method: 'POST',
      headers: {
        origin,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'cors',
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { error?: { code: string; message: string } };
    return { status: response.status, headers: response.headers, body: answer };
  }

  it('works at http://127.0.0.1:3000: sign-up, a signed-in write, sign-out', async () => {
    const origin = 'http://127.0.0.1:3000';
    const signUp = await post(origin, '/api/auth/sign-up/email', {
      email: 'loopback@example.com',
      password: 'correct-horse-battery',
      name: 'Loop Back',
    });
    expect(signUp.status).toBe(200);
    const cookie = cookieFrom(signUp.headers);
    // With a session cookie better-auth checks the origin on every write.
    const signOut = await post(origin, '/api/auth/sign-out', {}, cookie);
    expect(signOut.status).toBe(200);
    const signIn = await post(origin, '/api/auth/sign-in/email', {
      email: 'loopback@example.com',
      password: 'correct-horse-battery',
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses another origin with a message that names APP_URL', async () => {
    const origin = 'http://192.168.1.20:3000';
    const res = await post(origin, '/api/auth/sign-up/email', {
      email: 'lan@example.com',
      password: 'correct-horse-battery',
      name: 'On The Lan',
    });
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('forbidden');
    expect(res.body.error?.message).toBe(untrustedOriginMessage(origin, 'http://localhost:3000'));
    expect(res.body.error?.message).toBe(
      "This page's origin http://192.168.1.20:3000 is not APP_URL (http://localhost:3000); open FitBase at APP_URL or set APP_URL",
    );
    // Nothing was created: the same email signs up from APP_URL itself.
    const fromAppUrl = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: { email: 'lan@example.com', password: 'correct-horse-battery', name: 'On The Lan' },
    });
    expect(fromAppUrl.status).toBe(200);
  });
});
