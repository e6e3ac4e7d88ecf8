import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '../../http/middleware/request-context.ts';
import { authenticate } from '../../context/authenticate.ts';
import { runInUnit } from '../../context/run-in-studio.ts';
import { createRouter } from '../../http/openapi.ts';
import { errorResponse } from '../../http/error-handler.ts';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';
import { createRealtimeHub, type RealtimeHub } from './realtime.hub.ts';
import { publishChange } from './realtime.service.ts';
import { realtimeRoutes } from './realtime.routes.ts';
import { isEvent, openSse, type SseConnection } from '../../../test/fixtures/sse-client.ts';

let t: TestContext;
let server: ServerType;
let base: string;
// A second app on the same database with a visible hub and a fast keep-alive.
let hub: RealtimeHub;
let fastServer: ServerType;
let fastBase: string;
const open: SseConnection[] = [];

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<[ServerType, string]> {
  return new Promise((resolve) => {
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve([s, `http://127.0.0.1:${info.port}`]),
    );
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [server, base] = await listen(t.app.fetch);
  hub = createRealtimeHub(t.deps.database, t.deps.logger);
  const fast = createRouter();
  fast.onError((error, c) => errorResponse(c, error));
  fast.use('*', requestContext(t.deps));
  fast.use('/api/*', authenticate());
  fast.route('/', realtimeRoutes(t.deps, { hub, keepAliveMs: 150 }));
  [fastServer, fastBase] = await listen(fast.fetch);
});
afterAll(async () => {
  for (const c of open) c.close();
  await new Promise((r) => server?.close(r));
  await new Promise((r) => fastServer?.close(r));
  await t?.close();
});

async function connect(cookie: string | undefined, at = base) {
  const connection = await openSse(`${at}/api/events`, cookie);
  open.push(connection);
  return connection;
}

async function ready(cookie: string, at = base) {
  const connection = await connect(cookie, at);
  expect(connection.status).toBe(200);
  const first = await connection.next(isEvent, 5_000);
  expect(first.event).toBe('ready');
  return connection;
}

const createService = async (cookie: string, name: string) => {
  const res = await call(t.app, 'POST', '/api/services', { cookie, body: { name } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

describe('GET /api/events', () => {
  it('streams unbuffered server-sent events starting with ready', async () => {
    const owner = await createOwner(t.app);
    const connection = await connect(owner.cookie);
    expect(connection.status).toBe(200);
    expect(connection.headers.get('content-type')).toContain('text/event-stream');
    expect(connection.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(connection.headers.get('x-accel-buffering')).toBe('no');
    expect(connection.headers.get('content-encoding')).toBeNull();
    const first = await connection.next(isEvent, 5_000);
    expect(first).toMatchObject({ event: 'ready', id: '1', retry: 2000 });
    expect(JSON.parse(first.data)).toEqual({ organizationId: owner.organization.id });
  });

  it('delivers created, updated and deleted within a second, ids only, with increasing ids', async () => {
    const owner = await createOwner(t.app);
    const connection = await ready(owner.cookie);
    const id = await createService(owner.cookie, 'Yoga');
    const created = await connection.next(isEvent, 1_000);
    expect(created.event).toBe('change');
    expect(JSON.parse(created.data)).toEqual({ entity: 'services', action: 'created', ids: [id] });

    await call(t.app, 'PATCH', `/api/services/${id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    const updated = await connection.next(isEvent, 1_000);
    expect(JSON.parse(updated.data)).toEqual({ entity: 'services', action: 'updated', ids: [id] });

    await call(t.app, 'DELETE', `/api/services/${id}`, { cookie: owner.cookie });
    const deleted = await connection.next(isEvent, 1_000);
    expect(JSON.parse(deleted.data)).toEqual({ entity: 'services', action: 'deleted', ids: [id] });
    expect([created.id, updated.id, deleted.id].map(Number)).toEqual([2, 3, 4]);
  });

  it("never delivers another organization's events", async () => {
    const a = await createOwner(t.app);
    const b = await createOwner(t.app);
    const streamA = await ready(a.cookie);
    const streamB = await ready(b.cookie);
    const idB = await createService(b.cookie, 'B only');
    const idA = await createService(a.cookie, 'A only');
    // One listening connection delivers notifications in commit order: had B's event reached
    // A's stream, it would come before A's own.
    expect(JSON.parse((await streamA.next(isEvent, 1_000)).data).ids).toEqual([idA]);
    expect(JSON.parse((await streamB.next(isEvent, 1_000)).data).ids).toEqual([idB]);
    await new Promise((r) => setTimeout(r, 300));
    expect(streamA.frames.filter(isEvent).map((f) => f.event)).toEqual(['ready', 'change']);
    expect(streamB.frames.filter(isEvent).map((f) => f.event)).toEqual(['ready', 'change']);
  });

  it('announces nothing for a rolled-back write', async () => {
    const owner = await createOwner(t.app);
    const connection = await ready(owner.cookie);
    const { db } = t.deps.database;
    await expect(
      runInUnit(db, async (_tx, unit) => {
        publishChange(unit, {
          organizationId: owner.organization.id,
          entity: 'services',
          action: 'created',
          ids: ['ghost'],
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const id = await createService(owner.cookie, 'Real');
    expect(JSON.parse((await connection.next(isEvent, 1_000)).data).ids).toEqual([id]);
  });

  it('needs a session and an organization', async () => {
    const anonymous = await connect(undefined);
    expect(anonymous.status).toBe(401);
    const loner = await signUp(t.app);
    const noOrg = await connect(loner.cookie);
    expect(noOrg.status).toBe(403);
  });
});

describe('stream lifecycle', () => {
  it('sends keep-alive comments and releases the subscription when the client leaves', async () => {
    const owner = await createOwner(t.app);
    const before = hub.size();
    const connection = await ready(owner.cookie, fastBase);
    expect(hub.size()).toBe(before + 1);
    const ping = await connection.next((f) => f.comment !== undefined, 2_000);
    expect(ping.comment).toBe('keep-alive');
    connection.close();
    await expect.poll(() => hub.size(), { timeout: 2_000 }).toBe(before);
  });

  it('ends the stream when the session signs out or the organization changes', async () => {
    const owner = await createOwner(t.app);
    const signedOut = await ready(owner.cookie, fastBase);
    const other = await createOwner(t.app);
    const switching = await ready(other.cookie, fastBase);

    await call(t.app, 'POST', '/api/account/sign-out', {
      cookie: owner.cookie,
      body: { scope: 'local' },
    });
    await expect(signedOut.ended).resolves.toBeUndefined();

    const second = await call(t.app, 'POST', '/api/organizations', {
      cookie: other.cookie,
      body: { name: 'Second Gym', slug: `second-${Date.now()}`, subscriptionTier: 'trial' },
    });
    expect(second.status).toBe(201);
    await expect(switching.ended).resolves.toBeUndefined();
  });
});
