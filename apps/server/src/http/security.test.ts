import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUp, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signUp(t.app)).cookie;
});
afterAll(async () => t?.close());

const trialRequest = {
  businessName: 'Evil Gym',
  contactName: 'Mallory',
  email: 'mallory@example.com',
  phone: '555 0100',
  businessType: 'other',
};

function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

describe('security headers', () => {
  it('are on API responses, errors included', async () => {
    expectSecurityHeaders((await call(t.app, 'GET', '/api/health')).headers);
    expectSecurityHeaders((await call(t.app, 'GET', '/api/me', { cookie })).headers);
    expectSecurityHeaders((await call(t.app, 'GET', '/api/no-such-endpoint', { cookie })).headers);
    expectSecurityHeaders((await call(t.app, 'GET', '/api/me')).headers);
    expectSecurityHeaders((await call(t.app, 'GET', '/no-such-page')).headers);
  });

  it('leave out HSTS outside production', async () => {
    expect(
      (await call(t.app, 'GET', '/api/health')).headers.get('strict-transport-security'),
    ).toBeNull();
  });
});

describe('request id', () => {
  it('echoes a sane X-Request-Id, in the header and in error bodies', async () => {
    const id = 'req-1234abcd';
    const ok = await call(t.app, 'GET', '/api/health', { headers: { 'x-request-id': id } });
    expect(ok.headers.get('x-request-id')).toBe(id);
    const err = await call(t.app, 'GET', '/api/me', { headers: { 'x-request-id': id } });
    expect(err.headers.get('x-request-id')).toBe(id);
    expect(err.body.error.requestId).toBe(id);
  });

  it('makes its own when none or a strange one is sent', async () => {
    const none = await call(t.app, 'GET', '/api/health');
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const strange = await call(t.app, 'GET', '/api/health', {
      headers: { 'x-request-id': 'bad id\twith <html>' },
    });
    expect(strange.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('cross-origin requests', () => {
  it('refuses a state-changing request from another origin with 403, storing nothing', async () => {
    const crossOrigin: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossOrigin) {
      const res = await call(t.app, 'POST', '/api/trial-requests', { body: trialRequest, headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const signIn = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'mallory@example.com', password: 'whatever-password' },
      headers: { origin: 'https://evil.example' },
    });
    expect(signIn.status).toBe(403);
    const signOut = await call(t.app, 'POST', '/api/account/sign-out', {
      cookie,
      body: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(signOut.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/me', { cookie })).status).toBe(200);
  });

  it('accepts the same origin, and reads from anywhere', async () => {
    const res = await call(t.app, 'POST', '/api/trial-requests', {
      body: trialRequest,
      headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(201);
    const read = await call(t.app, 'GET', '/api/health', {
      headers: { origin: 'https://evil.example' },
    });
    expect(read.status).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown API path with a 404 in the error shape (401 first without a session)', async () => {
    const res = await call(t.app, 'GET', '/api/no-such-endpoint', {
      cookie,
      headers: { 'x-request-id': 'req-404-abcdef' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({
      error: { code: 'not_found', message: 'No such API endpoint', requestId: 'req-404-abcdef' },
    });
    expect((await call(t.app, 'DELETE', '/api/organizations/x/y', { cookie })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/no-such-endpoint')).status).toBe(401);
  });

  it('answers invalid JSON with 400, not 500', async () => {
    for (const [path, withCookie] of [
      ['/api/trial-requests', false],
      ['/api/organizations', true],
    ] as const) {
      const res = await t.app.request(`${TEST_ORIGIN}${path}`, {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          ...(withCookie ? { cookie } : {}),
        },
        body: '{"businessName": "Broken',
      });
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('validation_error');
      expect(body.error.message).toMatch(/JSON/i);
    }
  });

  it('answers a body of the wrong content type with 415 in the error shape', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/api/trial-requests`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'text/plain' },
      body: JSON.stringify(trialRequest),
    });
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(res.status).toBe(415);
    expect(body.error).toMatchObject({
      code: 'validation_error',
      message: 'Unsupported Media Type',
    });
  });
});

describe('API description', () => {
  it('serves the OpenAPI document listing the API', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/organizations', '/api/me', '/api/trial-requests']),
    );
    expect(res.body.paths['/api/me'].get).toBeDefined();
  });

  it('serves a readable reference page', async () => {
    const res = await call(t.app, 'GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('<!doctype html>');
    expect(res.text).toContain('/api/organizations');
    expect(res.text).not.toMatch(/<script/i);
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, path /, and not Secure outside production', async () => {
    const res = await call(t.app, 'POST', '/api/auth/sign-up/email', {
      body: {
        email: 'cookie-check@example.com',
        password: 'correct-horse-battery',
        name: 'Cookie',
      },
    });
    expect(res.status).toBe(200);
    const session = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('better-auth.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    expect(session).not.toMatch(/;\s*Secure/i);
  });
});
