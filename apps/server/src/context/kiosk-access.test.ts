import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrganizationRole } from '@fitbase/domain/constants';
import { KIOSK_UNPAIRED_MESSAGE } from '@fitbase/domain/kiosk-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../test/test-app.ts';
import { addMember, personWithRole } from '../../test/fixtures/members.ts';
import { kioskCall, studioWithKiosk } from '../../test/fixtures/kiosk.ts';
import { sampleFromSchema } from '../../test/fixtures/json-schema-sample.ts';
import { signInMember } from '../../test/fixtures/portal.ts';
import { members } from '../db/schema/members.ts';
import { ACCESS_EXTENSION, type RouteAccess } from './route-access.ts';

/**
 * Generated from the OpenAPI document, like access.test.ts, for the check-in kiosk
 * (docs/product/kiosk.md): every kiosk operation answers 401 kiosk_unpaired to anything but a
 * live kiosk token (no token, a staff session of each role, a member's portal session, a revoked
 * kiosk's token); a kiosk sees only its own studio; and a kiosk token opens no staff, account,
 * platform or member route.
 */

type Operation = { method: string; path: string; access: RouteAccess | undefined; body?: unknown };

let t: TestContext;
let operations: Operation[];
let a: Awaited<ReturnType<typeof studioWithKiosk>>;
let b: Awaited<ReturnType<typeof studioWithKiosk>>;
let revokedToken: string;
let memberCookie: string;
let codeOfA: string;
const staff = {} as Record<OrganizationRole, string>;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
  operations = [];
  for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema: unknown }> })
        ?.content?.['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        access: op[ACCESS_EXTENSION] as RouteAccess | undefined,
        body: content ? sampleFromSchema(content.schema, doc) : undefined,
      });
    }
  }
  a = await studioWithKiosk(t);
  b = await studioWithKiosk(t);
  staff.owner = a.owner.cookie;
  for (const role of ['admin', 'trainer', 'staff'] as const)
    staff[role] = (await personWithRole(t, a.orgId, role)).cookie;
  const member = await addMember(t, a.owner.cookie, { firstName: 'Ada' });
  codeOfA = randomBytes(15).toString('base64url');
  await t.deps.database.db
    .update(members)
    .set({ checkInCode: codeOfA })
    .where(eq(members.id, member.id));
  memberCookie = (await signInMember(t, a.slug, member.email)).cookie;
  const revoked = await studioWithKiosk(t);
  await call(t.app, 'POST', `/api/kiosks/${revoked.kioskId}/revoke`, {
    cookie: revoked.owner.cookie,
  });
  revokedToken = revoked.token;
}, 120_000);
afterAll(async () => t?.close());

const concrete = (path: string) =>
  path.replace('{slug}', a.slug).replace(/\{[^}]+\}/g, () => randomUUID());

describe('kiosk routes', () => {
  const kioskOps = () => operations.filter((op) => op.access?.kind === 'kiosk');

  it('are declared, and answer only a live kiosk token', async () => {
    expect(kioskOps().map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining(['GET /api/kiosk/me', 'POST /api/kiosk/check-ins/sync']),
    );
    const callers: Record<string, { headers?: Record<string, string>; cookie?: string }> = {
      'no token': {},
      'a revoked kiosk': { headers: { authorization: `Bearer ${revokedToken}` } },
      'a made-up token': { headers: { authorization: `Bearer fbk_${randomUUID()}` } },
      "a member's portal session": { cookie: memberCookie },
      ...Object.fromEntries(
        Object.entries(staff).map(([role, cookie]) => [`a staff session (${role})`, { cookie }]),
      ),
    };
    const wrong: string[] = [];
    for (const op of kioskOps()) {
      for (const [who, caller] of Object.entries(callers)) {
        const res = await call(t.app, op.method, concrete(op.path), { ...caller, body: op.body });
        if (
          res.status !== 401 ||
          res.body?.error?.code !== 'kiosk_unpaired' ||
          res.body?.error?.message !== KIOSK_UNPAIRED_MESSAGE
        )
          wrong.push(`${who} ${op.method} ${op.path}: ${res.status} ${res.text}`);
      }
      // A live kiosk's token passes (validation aside: sampled bodies name nobody real).
      const res = await call(t.app, op.method, concrete(op.path), {
        headers: { authorization: `Bearer ${a.token}` },
        body: op.body,
      });
      if (res.status === 401 || res.status === 403)
        wrong.push(`live kiosk ${op.method} ${op.path}: ${res.status} ${res.text}`);
    }
    expect(wrong).toEqual([]);
  });

  it("see only their own studio's members", async () => {
    const foreign = await kioskCall(t, b.token, 'POST', '/api/kiosk/check-ins', {
      clientId: randomUUID(),
      method: 'code',
      code: codeOfA,
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'kiosk_member_not_found']);
    const roster = await kioskCall(t, b.token, 'GET', '/api/kiosk/roster');
    expect(roster.status).toBe(200);
    expect(roster.body.members).toEqual([]);
    expect(roster.text).not.toContain('Ada');
    const own = await kioskCall(t, a.token, 'GET', '/api/kiosk/roster');
    expect(own.body.members.map((m: unknown[]) => m[1])).toEqual(['Ada']);
    const sync = await kioskCall(t, b.token, 'POST', '/api/kiosk/check-ins/sync', {
      checkIns: [
        {
          clientId: randomUUID(),
          memberNumber: own.body.members[0][0],
          sessionId: null,
          checkedInAt: new Date().toISOString(),
        },
      ],
    });
    expect(sync.body.results[0]).toMatchObject({
      outcome: 'exception',
      code: 'kiosk_member_not_found',
    });
  });
});

describe('a kiosk token elsewhere', () => {
  it('opens no staff, account, platform or member route', async () => {
    const opened: string[] = [];
    const others = operations.filter((op) =>
      ['studio', 'account', 'platform', 'member'].includes(op.access?.kind ?? ''),
    );
    expect(others.length).toBeGreaterThan(50);
    for (const op of others) {
      if (op.path === '/api/events') continue; // a stream: refused below without reading it
      const res = await call(t.app, op.method, concrete(op.path), {
        headers: { authorization: `Bearer ${a.token}` },
        body: op.body,
      });
      if (![401, 403, 404].includes(res.status))
        opened.push(`${op.method} ${op.path}: ${res.status} ${res.text.slice(0, 120)}`);
    }
    const events = await t.app.request('http://localhost:3000/api/events', {
      headers: { authorization: `Bearer ${a.token}` },
    });
    if (events.status !== 401) opened.push(`GET /api/events: ${events.status}`);
    await events.body?.cancel();
    expect(opened).toEqual([]);
  });
});
