import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personWithRole } from '../../test/fixtures/owner-portal.ts';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  TEST_ORIGIN,
  type TestContext,
} from '../../test/test-app.ts';
import { redactPath, redactQuery } from './middleware/request-context.ts';

let t: TestContext;
let server: ServerType;
let baseUrl: string;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  // A real socket: @hono/node-server answers differently from in-process app.request.
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** A raw request to the in-process app, with a socket address for the per-IP limiter. */
async function raw(
  method: string,
  path: string,
  init: {
    body?: string | ReadableStream<Uint8Array>;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
) {
  const res = await t.app.request(
    `${TEST_ORIGIN}${path}`,
    {
      method,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...init.headers },
      body: init.body,
      ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit,
    { incoming: { socket: { remoteAddress: init.ip ?? '10.9.0.1', remoteFamily: 'IPv4' } } },
  );
  const text = await res.text();
  let body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

describe('security headers on a real socket', () => {
  it('are on every API answer, and the reference page has its own script-free CSP', async () => {
    const paths = [
      '/api/health',
      '/api/openapi.json',
      '/api/me',
      '/api/no-such-endpoint',
      '/no-such-page',
    ];
    // Uncompressed answers too: they lost every security header once (issue 31, defect 3).
    for (const path of paths) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        for (const encoding of ['gzip', 'identity']) {
          const what = `${method} ${path} ${encoding}`;
          const res = await fetch(`${baseUrl}${path}`, {
            method,
            headers: { 'accept-encoding': encoding },
          });
          expect(res.headers.get('x-frame-options'), what).toBe('DENY');
          expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
          expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
          expect(res.headers.get('content-security-policy'), what).toContain(
            "frame-ancestors 'none'",
          );
          expect(res.headers.get('x-request-id'), what).toBeTruthy();
        }
      }
    }
    const docs = await fetch(`${baseUrl}/api/docs`);
    const csp = docs.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('script-src');
    expect(docs.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('request body limit', () => {
  const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });

  it('answers 413 in the error shape before better-auth or a route reads the body', async () => {
    for (const path of ['/api/auth/sign-in/email', '/api/trial-requests', '/api/organizations']) {
      const res = await raw('POST', path, { body: big, headers: { cookie: owner.cookie } });
      expect(res.status, path).toBe(413);
      expect(res.body.error).toMatchObject({ code: 'payload_too_large' });
      expect(res.body.error.requestId).toBeTruthy();
    }
  });

  it('counts a body sent without Content-Length (chunked) too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await raw('POST', '/api/auth/sign-in/email', { body: stream });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('lets a normal body through, to better-auth as well', async () => {
    const res = await raw('POST', '/api/auth/sign-in/email', {
      body: JSON.stringify({ email: owner.email, password: 'correct-horse-battery' }),
    });
    expect(res.status).toBe(200);
  });
});

describe('NUL bytes and malformed UTF-16', () => {
  const ID = '3f6c2a9e-7b1d-4c5e-9a8f-0d2e4b6c8a1f';

  it('answer 400 validation_error on every listed endpoint instead of reaching PostgreSQL', async () => {
    const portalOwner = await personWithRole(t, 'owner');
    const service = await call(t.app, 'POST', '/api/services', {
      cookie: owner.cookie,
      body: { name: 'Yoga' },
    });
    expect(service.status).toBe(201);
    const cases: Array<[string, string, string, string | undefined]> = [
      ['GET', '/api/invitations/%00', '', undefined],
      ['POST', `/api/invitations/${ID}%00/accept`, owner.cookie, '{}'],
      ['GET', '/api/invitations/lookup?token=%00', '', undefined],
      ['POST', '/api/invitations/accept', owner.cookie, '{"token":"abc\\u0000"}'],
      ['GET', '/api/staff-invitations/lookup?token=abc%00', '', undefined],
      ['POST', '/api/staff-invitations/accept', '', '{"token":"\\u0000","password":"x"}'],
      ['GET', '/api/members?search=%00', owner.cookie, undefined],
      ['GET', '/api/members?membershipType=Gold%00', owner.cookie, undefined],
      ['GET', '/api/owner-portal/users?q=%00', portalOwner.cookie, undefined],
      ['PUT', `/api/owner-portal/users/x%00/role`, portalOwner.cookie, '{"role":"admin"}'],
      ['POST', '/api/services', owner.cookie, '{"name":"Yo\\u0000ga"}'],
      ['PATCH', `/api/services/${service.body.id}`, owner.cookie, '{"name":"Yo\\u0000ga"}'],
      // Lone surrogates, as JSON escapes, in values and in keys.
      ['POST', '/api/services', owner.cookie, '{"name":"Yoga \\ud800"}'],
      ['POST', '/api/services', owner.cookie, '{"name":"Yoga \\udc00 x"}'],
      ['POST', '/api/services', owner.cookie, '{"\\ud800":"x","name":"Pilates"}'],
      ['POST', '/api/auth/sign-in/email', '', `{"email":"${owner.email}\\u0000","password":"x"}`],
      // A UTF-8-encoded surrogate in the path is malformed percent-encoding.
      ['PATCH', '/api/services/%ED%A0%80', owner.cookie, '{}'],
    ];
    for (const [method, path, cookie, body] of cases) {
      const res = await raw(method, path, { body, headers: cookie ? { cookie } : {} });
      expect(res.status, `${method} ${path} ${body}`).toBe(400);
      expect(res.body.error.code, `${method} ${path}`).toBe('validation_error');
    }
    // The check is not over-eager: a paired surrogate (an emoji) and escaped text pass.
    const fine = await raw('POST', '/api/services', {
      body: '{"name":"Yoga \\ud83e\\uddd8 \\\\u0000"}',
      headers: { cookie: owner.cookie },
    });
    expect(fine.status).toBe(201);
    expect(fine.body.name).toBe('Yoga \u{1F9D8} \\u0000');
  });
});

describe('state-changing requests without Origin', () => {
  const body = JSON.stringify({
    businessName: 'Side Gym',
    contactName: 'Sid',
    email: 'sid@example.com',
    phone: '555 0101',
    businessType: 'other',
  });

  it('are refused unless Sec-Fetch-Site is same-origin', async () => {
    for (const site of ['same-site', 'cross-site', 'none']) {
      const res = await t.app.request(`${TEST_ORIGIN}/api/trial-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': site },
        body,
      });
      expect(res.status, site).toBe(403);
    }
    const signOut = await t.app.request(`${TEST_ORIGIN}/api/account/sign-out`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-site',
        cookie: owner.cookie,
      },
      body: '{}',
    });
    expect(signOut.status).toBe(403);
    // Same-site with a matching Origin is still a sibling site, refused.
    const sibling = await t.app.request(`${TEST_ORIGIN}/api/trial-requests`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-site',
        origin: TEST_ORIGIN,
      },
      body,
    });
    expect(sibling.status).toBe(403);
    const same = await t.app.request(`${TEST_ORIGIN}/api/trial-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body,
    });
    expect(same.status).toBe(201);
  });
});

describe('rate limiting', () => {
  it("answers better-auth's 429 in the API error shape, keeping Retry-After", async () => {
    // Password-reset requests: 5 per 5 minutes per address, and no password hashing per try.
    const ask = (ip: string, i: number) =>
      raw('POST', '/api/auth/request-password-reset', {
        ip,
        body: JSON.stringify({ email: `nobody${i}@example.com`, redirectTo: '/reset-password' }),
      });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof raw>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await ask('10.9.0.99', i);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last?.body).toMatchObject({
      error: { code: 'rate_limited', message: 'Too many requests. Please try again later.' },
    });
    expect(last?.body.error.requestId).toBeTruthy();
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.headers.get('content-type')).toContain('application/json');
    // Another address is not affected.
    expect((await ask('10.9.0.100', 99)).status).toBe(200);
  });
});

describe('access log', () => {
  it('redacts credential-like query parameters', () => {
    expect(redactQuery('?token=abc123&limit=5')).toBe('?token=[redacted]&limit=5');
    expect(redactQuery('?resetCode=1&client_secret=2&apiKey=3&q=x')).toBe(
      '?resetCode=[redacted]&client_secret=[redacted]&apiKey=[redacted]&q=x',
    );
    expect(redactQuery('')).toBe('');
    expect(redactPath('/api/auth/reset-password/abc123')).toBe(
      '/api/auth/reset-password/[redacted]',
    );
    expect(redactPath('/api/invitations/abc123/accept')).toBe('/api/invitations/[redacted]/accept');
    expect(redactPath('/api/public/calendar/Zm9v.YmFy.ics')).toBe(
      '/api/public/calendar/[redacted]',
    );
    expect(redactPath('/api/public/data/export/Zm9v.YmFy')).toBe(
      '/api/public/data/export/[redacted]',
    );
    expect(redactPath('/api/public/data/export')).toBe('/api/public/data/export');
    expect(redactPath('/api/invitations/lookup')).toBe('/api/invitations/lookup');
    expect(redactPath('/api/members/abc')).toBe('/api/members/abc');
  });

  it('writes no invitation token into a logged line', async () => {
    const lines: string[] = [];
    const original = t.deps.logger.child;
    t.deps.logger.child = ((bindings: object) => {
      const log = original.call(t.deps.logger, bindings);
      return Object.assign(Object.create(log), {
        info: (obj: unknown) => void lines.push(JSON.stringify(obj)),
      });
    }) as typeof original;
    try {
      await raw('GET', '/api/invitations/lookup?token=super-secret-token-value');
      await signUp(t.app);
    } finally {
      t.deps.logger.child = original;
    }
    const line = lines.find((l) => l.includes('/api/invitations/lookup'));
    expect(line).toContain('token=[redacted]');
    expect(lines.join('\n')).not.toContain('super-secret-token-value');
  });
});
