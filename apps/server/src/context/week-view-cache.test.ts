import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  createTestAppOn,
  type TestContext,
} from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { addMember } from '../../test/fixtures/members.ts';
import { hoursFromNow, insertSession } from '../../test/fixtures/schedule.ts';
import { studioWriteCommitted } from './studio-writes.ts';
import type { Database } from '../db/client.ts';
import { openDatabase } from '../db/client.ts';
import { classSessions } from '../db/schema/schedule.ts';
import { createWeekViewCache, TTL_MS } from './week-view-cache.ts';

// docs/product/schedule.md#week-view: the week view is kept a few seconds per studio; a write
// is seen at once by its writer and, through NOTIFY, by every other server process.

const ORG = 'org-a';
const OTHER = 'org-b';

/** A database whose only part the cache uses is LISTEN, driven by the test. */
function listeningDatabase() {
  let notify: ((payload: string) => void) | undefined;
  let state: ((listening: boolean) => void) | undefined;
  let resolveListen: (() => void) | undefined;
  const ready = new Promise<void>((resolve) => (resolveListen = resolve));
  const database = {
    async listen(_channel: string, onPayload: (p: string) => void, onState?: (l: boolean) => void) {
      notify = onPayload;
      state = onState;
      await ready;
      return async () => {};
    },
  } as unknown as Database;
  return {
    database,
    listening: () => resolveListen!(),
    notify: (organizationId: string) => notify!(JSON.stringify({ organizationId })),
    setState: (listening: boolean) => state!(listening),
  };
}

/** Resolves once the cache keeps answers (it listens), probed on a studio of its own. */
async function whenKeeping(cache: ReturnType<typeof createWeekViewCache>) {
  let attempt = 0;
  await vi.waitFor(async () => {
    const key = `p${attempt++}`;
    await cache.read('probe', key, async () => 'first');
    expect(await cache.read('probe', key, async () => 'second')).toBe('first');
  });
}

/** A loader that counts its calls and answers `v<n>`. */
function counter() {
  let n = 0;
  const load = vi.fn(async () => `v${++n}`);
  return load;
}

describe('the week view cache', () => {
  it('stores nothing until it listens, then serves within the TTL and reloads after it', async () => {
    const db = listeningDatabase();
    let now = 0;
    const cache = createWeekViewCache(db.database, () => now);
    const load = counter();
    expect(await cache.read(ORG, 'w1', load)).toBe('v1');
    expect(await cache.read(ORG, 'w1', load)).toBe('v2');
    db.listening();
    await whenKeeping(cache);
    expect(await cache.read(ORG, 'w1', load)).toBe('v3');
    expect(await cache.read(ORG, 'w1', load)).toBe('v3');
    now += TTL_MS - 1;
    expect(await cache.read(ORG, 'w1', load)).toBe('v3');
    now += 1;
    expect(await cache.read(ORG, 'w1', load)).toBe('v4');
  });

  it("drops a studio's answers on its committed write and on its notification, not others'", async () => {
    const db = listeningDatabase();
    db.listening();
    const cache = createWeekViewCache(db.database, () => 0);
    await whenKeeping(cache);
    await cache.read(ORG, 'w', async () => 'a1');
    await cache.read(OTHER, 'w', async () => 'b1');
    expect(await cache.read(ORG, 'w', async () => 'not read')).toBe('a1');
    studioWriteCommitted(db.database, ORG);
    expect(await cache.read(ORG, 'w', async () => 'a2')).toBe('a2');
    expect(await cache.read(OTHER, 'w', async () => 'b2')).toBe('b1');
    db.notify(OTHER);
    expect(await cache.read(ORG, 'w', async () => 'a3')).toBe('a2');
    expect(await cache.read(OTHER, 'w', async () => 'b3')).toBe('b3');
  });

  it('does not store an answer read while a change arrived', async () => {
    const db = listeningDatabase();
    db.listening();
    const cache = createWeekViewCache(db.database, () => 0);
    await whenKeeping(cache);
    const raced = await cache.read(ORG, 'w', async () => {
      db.notify(ORG);
      return 'read before the change';
    });
    expect(raced).toBe('read before the change');
    expect(await cache.read(ORG, 'w', async () => 'fresh')).toBe('fresh');
  });

  it('drops everything when the listening connection is lost, and stores again once back', async () => {
    const db = listeningDatabase();
    db.listening();
    const cache = createWeekViewCache(db.database, () => 0);
    await whenKeeping(cache);
    await cache.read(ORG, 'w', async () => 'a1');
    expect(await cache.read(ORG, 'w', async () => 'not read')).toBe('a1');
    db.setState(false);
    expect(await cache.read(ORG, 'w', async () => 'a2')).toBe('a2');
    expect(await cache.read(ORG, 'w', async () => 'a3')).toBe('a3');
    db.setState(true);
    expect(await cache.read(ORG, 'w', async () => 'a4')).toBe('a4');
    expect(await cache.read(ORG, 'w', async () => 'a5')).toBe('a4');
  });
});

/** A session a day ahead, a member, and the week-view URL that shows the session. */
async function studioWithSession(t: TestContext) {
  const owner = await createOwner(t.app, 'pro');
  const session = await insertSession(t.deps.database.db, owner.organization.id, {
    startsAt: hoursFromNow(30),
  });
  const member = await addMember(t, owner.cookie);
  const from = new Date(session.startsAt.getTime() - 3_600_000).toISOString();
  const to = new Date(session.startsAt.getTime() + 3_600_000).toISOString();
  return { owner, session, member, week: `/api/sessions?from=${from}&to=${to}` };
}

const bookedCount = async (t: TestContext, cookie: string, week: string) => {
  const res = await call(t.app, 'GET', week, { cookie });
  expect(res.status, res.text).toBe(200);
  return (res.body.sessions as Array<{ bookedCount: number }>)[0]?.bookedCount;
};

describe('the week view through the API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('shows a booking to the next read at once', async () => {
    const { owner, session, member, week } = await studioWithSession(t);
    // Read until the cache listens and keeps the answer (a second read then comes from it).
    expect(await bookedCount(t, owner.cookie, week)).toBe(0);
    expect(await bookedCount(t, owner.cookie, week)).toBe(0);
    const booked = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
      cookie: owner.cookie,
      body: { memberId: member.id },
    });
    expect(booked.status, booked.text).toBe(201);
    expect(await bookedCount(t, owner.cookie, week)).toBe(1);
  });

  it('answers from memory until a change is announced, and fresh for Cache-Control: no-cache', async () => {
    const { owner, session, week } = await studioWithSession(t);
    const capacity = async (headers: Record<string, string> = {}) => {
      const res = await call(t.app, 'GET', week, { cookie: owner.cookie, headers });
      expect(res.status, res.text).toBe(200);
      return (res.body.sessions as Array<{ capacity: number }>)[0]?.capacity;
    };
    // A change nobody announces (straight SQL) is not seen while the answer is kept.
    let value = session.capacity;
    await vi.waitFor(async () => {
      await capacity();
      value += 1;
      await t.deps.database.db
        .update(classSessions)
        .set({ capacity: value })
        .where(eq(classSessions.id, session.id));
      expect(await capacity()).toBe(value - 1);
    });
    expect(await capacity({ 'cache-control': 'no-cache' })).toBe(value);
  });
});

describe.runIf(process.env.DATABASE_URL)('two server processes (PostgreSQL)', () => {
  it("shows one process's booking on the other's week view", async () => {
    const { database, url, directUrl, drop } = await openTestDatabase();
    const second = await openDatabase({ databaseUrl: url!, directUrl });
    const a = createTestAppOn(database, drop);
    const b = createTestAppOn(second, () => second.close());
    try {
      const { owner, session, member, week } = await studioWithSession(a);
      // B's first read starts its cache listening; once its LISTEN is up, the next read keeps
      // the week. A's booking must then reach B by NOTIFY, well before the entry's TTL.
      expect(await bookedCount(b, owner.cookie, week)).toBe(0);
      await vi.waitFor(async () => {
        const { rows } = await database.executeSql(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and query ilike 'LISTEN%'`,
        );
        expect((rows[0] as { n: number }).n).toBeGreaterThan(0);
      });
      expect(await bookedCount(b, owner.cookie, week)).toBe(0);
      const booked = await call(a.app, 'POST', `/api/sessions/${session.id}/bookings`, {
        cookie: owner.cookie,
        body: { memberId: member.id },
      });
      expect(booked.status, booked.text).toBe(201);
      await vi.waitFor(async () => expect(await bookedCount(b, owner.cookie, week)).toBe(1), {
        timeout: 2_000,
      });
    } finally {
      await b.close();
      await a.close();
    }
  });
});
