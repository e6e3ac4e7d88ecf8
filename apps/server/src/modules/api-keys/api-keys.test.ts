import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_RATE_LIMIT } from '@fitbase/domain/contracts/api-keys';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, personWithRole } from '../../../test/fixtures/members.ts';
import { firstRow } from '../../db/rows.ts';
import { z } from 'zod';

// docs/product/integrations.md#api-keys

let t: TestContext;
type Owner = Awaited<ReturnType<typeof createOwner>>;
let a: Owner;
let b: Owner;

beforeAll(async () => {
  t = await createTestApp();
  a = await createOwner(t.app, 'pro');
  b = await createOwner(t.app, 'pro');
});
afterAll(async () => t?.close());

async function createKey(owner: Owner, scope: 'read' | 'write', name = `Key ${scope}`) {
  const res = await call(t.app, 'POST', '/api/api-keys', {
    cookie: owner.cookie,
    headers: { 'x-organization-id': owner.organization.id },
    body: { name, scope },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { apiKey: { id: string; prefix: string }; key: string };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('Settings › API keys', () => {
  it('shows a key once (fb_ and 43 base62 characters), keeps only its hash, lists and revokes it', async () => {
    const created = await createKey(a, 'read', 'Door access');
    expect(created.key).toMatch(/^fb_[0-9A-Za-z]{43}$/);
    expect(created.apiKey.prefix).toBe(created.key.slice(0, 7));
    const stored = await firstRow(
      t.deps.database.db,
      z.object({ key_hash: z.string() }),
      sql`select key_hash from api_keys where id = ${created.apiKey.id}`,
    );
    expect(stored!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const list = await call(t.app, 'GET', '/api/api-keys', {
      cookie: a.cookie,
      headers: { 'x-organization-id': a.organization.id },
    });
    expect(list.status).toBe(200);
    const listed = list.body.apiKeys.find((k: { id: string }) => k.id === created.apiKey.id);
    expect(listed).toMatchObject({ name: 'Door access', scope: 'read', lastUsedAt: null });
    expect(listed.createdByName).toBeTruthy();
    expect(JSON.stringify(list.body)).not.toContain(created.key);

    // Used: last used shows; revoked: refused at its next request.
    const first = await call(t.app, 'GET', '/api/members', { headers: bearer(created.key) });
    expect(first.status, first.text).toBe(200);
    const used = await call(t.app, 'GET', '/api/api-keys', {
      cookie: a.cookie,
      headers: { 'x-organization-id': a.organization.id },
    });
    expect(
      used.body.apiKeys.find((k: { id: string }) => k.id === created.apiKey.id).lastUsedAt,
    ).not.toBeNull();
    const revoked = await call(t.app, 'POST', `/api/api-keys/${created.apiKey.id}/revoke`, {
      cookie: a.cookie,
      headers: { 'x-organization-id': a.organization.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const after = await call(t.app, 'GET', '/api/members', { headers: bearer(created.key) });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('invalid_api_key');
  });

  it('is for owners and admins: trainers and staff get 403', async () => {
    for (const role of ['trainer', 'staff'] as const) {
      const person = await personWithRole(t, a.organization.id, role);
      const res = await call(t.app, 'POST', '/api/api-keys', {
        cookie: person.cookie,
        headers: { 'x-organization-id': a.organization.id },
        body: { name: 'Mine', scope: 'write' },
      });
      expect(res.status).toBe(403);
    }
    const admin = await personWithRole(t, a.organization.id, 'admin');
    const res = await call(t.app, 'POST', '/api/api-keys', {
      cookie: admin.cookie,
      headers: { 'x-organization-id': a.organization.id },
      body: { name: 'Admin key', scope: 'write' },
    });
    expect(res.status).toBe(201);
  });

  it('refuses a name or scope a person can correct, with field errors', async () => {
    const res = await call(t.app, 'POST', '/api/api-keys', {
      cookie: a.cookie,
      headers: { 'x-organization-id': a.organization.id },
      body: { name: ' ', scope: 'admin' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.fields ?? {})).toEqual(
      expect.arrayContaining(['name', 'scope']),
    );
  });
});

describe('a request with a key', () => {
  it('works on the same routes for its studio, without an organization header', async () => {
    const { key } = await createKey(a, 'write', 'Front site');
    const created = await call(t.app, 'POST', '/api/members', {
      headers: bearer(key),
      body: { firstName: 'Key', lastName: 'Made', email: `key-${Date.now()}@example.com` },
    });
    expect(created.status, created.text).toBe(201);
    const read = await call(t.app, 'GET', `/api/members/${created.body.id}`, {
      headers: bearer(key),
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('ratelimit-limit')).toBe(String(API_KEY_RATE_LIMIT.burst));
    expect(Number(read.headers.get('ratelimit-remaining'))).toBeGreaterThan(0);
    // Another studio's id, or naming another studio, answers like a missing one.
    const foreign = await addMember(t, b.cookie);
    const other = await call(t.app, 'GET', `/api/members/${foreign.id}`, { headers: bearer(key) });
    const missing = await call(t.app, 'GET', `/api/members/${crypto.randomUUID()}`, {
      headers: bearer(key),
    });
    expect([other.status, other.body.error.code]).toEqual([
      missing.status,
      missing.body.error.code,
    ]);
    const named = await call(t.app, 'GET', '/api/members', {
      headers: { ...bearer(key), 'x-organization-id': b.organization.id },
    });
    expect(named.status).toBe(404);
  });

  it('names the key as the actor of its writes in the audit log', async () => {
    const { key } = await createKey(a, 'write', 'Accounting sync');
    const created = await call(t.app, 'POST', '/api/tags', {
      headers: bearer(key),
      body: { name: `Tag ${Date.now()}` },
    });
    expect(created.status, created.text).toBe(201);
    const log = await call(t.app, 'GET', '/api/audit-log', {
      cookie: a.cookie,
      headers: { 'x-organization-id': a.organization.id },
    });
    const entry = log.body.items.find(
      (e: { recordId: string | null }) => e.recordId === created.body.id,
    );
    expect(entry).toMatchObject({ actorName: 'API key: Accounting sync', action: 'insert' });
    // Creating the key itself is audited with the person who did it, never with the key's hash.
    const keyEntry = log.body.items.find(
      (e: { entity: string; after: Record<string, unknown> | null }) =>
        e.after?.name === 'Accounting sync',
    );
    expect(keyEntry).toBeTruthy();
    expect(keyEntry.actorName).not.toMatch(/^API key/);
    expect(JSON.stringify(keyEntry)).not.toContain('key_hash');
  });

  it('with Read only gets 403 on every write, and reads', async () => {
    const { key } = await createKey(a, 'read');
    expect((await call(t.app, 'GET', '/api/members', { headers: bearer(key) })).status).toBe(200);
    const write = await call(t.app, 'POST', '/api/tags', {
      headers: bearer(key),
      body: { name: 'Nope' },
    });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('api_key_read_only');
  });

  it("never reaches account, owner portal, security, a person's own or the API-key routes", async () => {
    const { key } = await createKey(a, 'write');
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['GET', '/api/account/sessions'],
      ['GET', '/api/owner-portal/users'],
      ['GET', '/api/settings/security'],
      ['GET', '/api/settings/notifications'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['GET', '/api/calendar-feed'],
    ] as const) {
      const res = await call(t.app, method, path, {
        headers: bearer(key),
        body: method === 'POST' ? { name: 'x', scope: 'write' } : undefined,
      });
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body.error.code).toBe('api_key_not_allowed');
    }
    // What only an owner may do, a key (an admin's permissions) may not.
    const billing = await call(t.app, 'GET', '/api/settings/billing', { headers: bearer(key) });
    expect(billing.status).toBe(403);
  });

  it('is refused when unknown, with the error a caller can act on', async () => {
    const res = await call(t.app, 'GET', '/api/members', {
      headers: bearer(`fb_${'x'.repeat(43)}`),
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_api_key');
  });

  it('is rate limited per key in the database: 429 with Retry-After past the burst', async () => {
    const { apiKey, key } = await createKey(a, 'read');
    // An empty bucket, as after a burst: the next request waits for a whole one.
    await t.deps.database.db.execute(
      sql`update api_key_usage set tokens = 0.2, refilled_at = now() where api_key_id = ${apiKey.id}`,
    );
    let res = await call(t.app, 'GET', '/api/members', { headers: bearer(key) });
    if (res.status === 200) {
      // The bucket row is made on first use: use it once, then empty it.
      await t.deps.database.db.execute(
        sql`update api_key_usage set tokens = 0.2, refilled_at = now() where api_key_id = ${apiKey.id}`,
      );
      res = await call(t.app, 'GET', '/api/members', { headers: bearer(key) });
    }
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    // Refilled with time: a second later (as stored), it answers again.
    await t.deps.database.db.execute(
      sql`update api_key_usage set refilled_at = now() - interval '1 second' where api_key_id = ${apiKey.id}`,
    );
    expect((await call(t.app, 'GET', '/api/members', { headers: bearer(key) })).status).toBe(200);
  });
});

describe('the logs', () => {
  it('never hold a key: not from the header, not from a query parameter', async () => {
    const { key } = await createKey(a, 'write');
    const lines: string[] = [];
    const original = t.deps.logger.child;
    t.deps.logger.child = ((bindings: object) => {
      const log = original.call(t.deps.logger, bindings);
      const keep = (obj: unknown, msg?: unknown) => void lines.push(JSON.stringify([obj, msg]));
      return Object.assign(Object.create(log), { info: keep, warn: keep, error: keep });
    }) as typeof original;
    try {
      await call(t.app, 'GET', '/api/members', { headers: bearer(key) });
      await call(t.app, 'GET', `/api/members?api_key=${key}`, { headers: bearer(key) });
      await call(t.app, 'POST', '/api/tags', { headers: bearer(key), body: { name: 5 } });
      await call(t.app, 'GET', '/api/me', { headers: bearer(key) });
    } finally {
      t.deps.logger.child = original;
    }
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('\n')).not.toContain(key);
    expect(lines.join('\n')).not.toContain(key.slice(3));
  });
});
