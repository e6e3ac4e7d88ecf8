import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../test/test-app.ts';
import { isPublicRoute } from './public-routes.ts';

/**
 * Guarded by default: every /api route refuses a request without a session, unless it is
 * marked public. Adding a public route means changing EXPECTED_PUBLIC below, on purpose.
 */
const EXPECTED_PUBLIC = [
  'GET /api/auth/*',
  'POST /api/auth/*',
  'GET /api/docs',
  'GET /api/health',
  'GET /api/invitations/lookup',
  'GET /api/openapi.json',
  'GET /api/ready',
  'GET /api/staff-invitations/lookup',
  'POST /api/staff-invitations/accept',
  'POST /api/trial-requests',
  // Links in studio email (signed tokens, docs/decisions/0016-messaging.md) and the lead form.
  'GET /api/email/click/:token',
  'GET /api/email/open/:token',
  'GET /api/email/unsubscribe/:token',
  'POST /api/email/unsubscribe/:token',
  'GET /api/message-opens/:token',
  'GET /api/public/join/:slug',
  'POST /api/public/join/:slug',
  // Studio logos, addressed by content hash (shown on public pages and in email).
  'GET /api/logos/:hash',
  // The owner's data export through a signed, expiring link (modules/data-export).
  'POST /api/public/data/export',
  // Its links from before the token left the path: refused with the way to a new one.
  'GET /api/public/data/export/:token',
  // A calendar feed's secret address, for calendar apps (modules/calendar-feeds).
  'GET /api/public/calendar/:file',
  // The member portal before signing in (modules/portal): the studio, its public schedule, and
  // the two steps of signing in with an emailed code.
  'GET /api/m/:slug',
  'GET /api/m/:slug/classes',
  'GET /api/m/:slug/join',
  'POST /api/m/:slug/join',
  'POST /api/m/:slug/send-code',
  'POST /api/m/:slug/sign-in',
  // A kiosk trading its pairing code for its device token (modules/kiosk).
  'POST /api/kiosk/pair',
];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const SOME_ID = '3f6c2a9e-7b1d-4c5e-9a8f-0d2e4b6c8a1f';

/** A request path that the route pattern matches: parameters become a uuid, wildcards 'x'. */
function concretePath(pattern: string): string {
  return pattern.replace(/\{[^/}]+\}|:[^/{]+(\{[^}]*\})?/g, SOME_ID).replace(/\*/g, 'x');
}

interface Endpoint {
  method: string;
  pattern: string;
  path: string;
}

let t: TestContext;
let endpoints: Endpoint[];

beforeAll(async () => {
  t = await createTestApp();
  const seen = new Map<string, Endpoint>();
  // The app's routes under /api (the web shell outside /api is public by nature). OpenAPI
  // routes appear once per validator; `ALL` entries (middleware and the 404 catch-all)
  // stand for every method.
  for (const route of t.app.routes) {
    if (!route.path.startsWith('/api/')) continue;
    const methods = route.method === 'ALL' ? METHODS : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.path}`;
      if (!seen.has(key))
        seen.set(key, { method, pattern: route.path, path: concretePath(route.path) });
    }
  }
  endpoints = [...seen.values()];
});
afterAll(async () => t?.close());

describe('session guard', () => {
  it('finds the routes of every module', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.pattern}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/me',
        'PUT /api/me/current-organization',
        'POST /api/account/sign-out',
        'POST /api/organizations',
      ]),
    );
    expect(concretePath('/api/members/:id/visits/{visitId}')).toBe(
      `/api/members/${SOME_ID}/visits/${SOME_ID}`,
    );
  });

  it('answers 401 on every non-public route without a session, and with a forged one', async () => {
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      if (isPublicRoute(endpoint.method, endpoint.path)) continue;
      const body = endpoint.method === 'GET' ? undefined : {};
      for (const cookie of [undefined, 'better-auth.session_token=forged.value']) {
        const res = await call(t.app, endpoint.method, endpoint.path, { body, cookie });
        // The kiosk's routes read a device token, never a session: theirs is the unpaired kiosk.
        const code = endpoint.path.startsWith('/api/kiosk/') ? 'kiosk_unpaired' : 'unauthorized';
        if (res.status !== 401 || res.body?.error?.code !== code) {
          failures.push(
            `${endpoint.method} ${endpoint.path}${cookie ? ' (forged cookie)' : ''} answered ${res.status}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('has exactly the expected public routes', () => {
    const publicKeys = endpoints
      .filter((e) => isPublicRoute(e.method, e.path))
      .map((e) => `${e.method} ${e.pattern}`);
    expect(publicKeys.sort()).toEqual([...EXPECTED_PUBLIC].sort());
  });

  it('serves the public routes without a session', async () => {
    for (const endpoint of endpoints.filter((e) => isPublicRoute(e.method, e.path))) {
      const res = await call(t.app, endpoint.method, endpoint.path, {
        body: endpoint.method === 'GET' ? undefined : {},
      });
      expect(res.status, `${endpoint.method} ${endpoint.path}`).not.toBe(401);
      expect(res.status, `${endpoint.method} ${endpoint.path}`).toBeLessThan(500);
    }
    expect((await call(t.app, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it('does not treat look-alike paths as public', () => {
    expect(isPublicRoute('GET', '/api/health/../me')).toBe(false);
    expect(isPublicRoute('GET', '/api/healthz')).toBe(false);
    expect(isPublicRoute('GET', '/api/trial-requests')).toBe(false);
    expect(isPublicRoute('DELETE', '/api/trial-requests')).toBe(false);
    expect(isPublicRoute('GET', '/api/authx/session')).toBe(false);
    expect(isPublicRoute('GET', '/api/me')).toBe(false);
  });
});
