import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOwner,
  createTestApp,
  sessionTokenOf as tokenOf,
  type TestContext,
} from '../../test/test-app.ts';
import { addMember } from '../../test/fixtures/members.ts';
import { executeLastAndCommit } from '../db/commit-with-last.ts';
import { deferNotify } from '../db/deferred-notify.ts';
import { named } from '../db/inline-sql.ts';
import { executeTogether } from '../db/statements-together.ts';
import { beginStudioTransaction } from './studio-fast-path.ts';

// Several statements of a studio write in one message (db/statements-together.ts), the last
// one with the COMMIT and the NOTIFYs (db/commit-with-last.ts, db/deferred-notify.ts), named
// statements prepared once per connection (db/inline-sql.ts). PostgreSQL only: PGlite runs the
// statements one by one (the services' own tests cover that path).
const postgres = Boolean(process.env.DATABASE_URL);

let t: TestContext;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  if (!postgres) return;
  t = await createTestApp();
  a = await createOwner(t.app);
  b = await createOwner(t.app);
  await addMember(t, a.cookie, { firstName: 'Ada' });
  await addMember(t, b.cookie, { firstName: 'Bea' });
});
afterAll(async () => t?.close());

const begin = (owner: typeof a) =>
  beginStudioTransaction(
    t.deps.database.pool!,
    t.deps.database.db,
    tokenOf(owner.cookie),
    owner.organization.id,
  );

const firstNames = sql`select first_name from members order by first_name`;

describe.runIf(postgres)('statements in one message (PostgreSQL)', () => {
  it('answers each statement in order, scoped to the studio, preparing a named one once', async () => {
    const studio = await begin(a);
    try {
      const statements = [
        sql`select 1 as one`,
        named('test_members', firstNames),
        sql`select count(*)::int as n from members`,
      ];
      const first = await executeTogether(studio.tx, statements);
      const second = await executeTogether(studio.tx, statements);
      expect(first).toEqual([[{ one: 1 }], [{ first_name: 'Ada' }], [{ n: 1 }]]);
      expect(second).toEqual(first);
      const [prepared] = await executeTogether(studio.tx, [
        sql`select count(*)::int as n from pg_prepared_statements where name like 'fb_test_members_%'`,
      ]);
      expect(prepared).toEqual([{ n: 1 }]);
    } finally {
      await studio.rollback();
    }
  });

  it('gives a statement after a lock what the lock holder committed (one snapshot each)', async () => {
    const holder = await begin(a);
    await executeTogether(holder.tx, [sql`select pg_advisory_xact_lock(424242)`]);
    await holder.tx.execute(
      sql`insert into members (organization_id, first_name, last_name, email)
        values (${a.organization.id}, 'Cy', 'Waiting', ${`cy-${Date.now()}@example.com`})`,
    );
    const waiter = await begin(a);
    try {
      const seen = executeTogether(waiter.tx, [
        sql`select pg_advisory_xact_lock(424242)`,
        firstNames,
      ]);
      await holder.commit();
      const [, names] = await seen;
      expect(names!.map((r) => r.first_name)).toEqual(['Ada', 'Cy']);
    } finally {
      await waiter.rollback();
    }
  });

  it('commits with the last statement, earlier ones and the NOTIFYs in the same message', async () => {
    // NOTIFY is per database: listen on one of the test app's own connections.
    const listener = await t.deps.database.pool!.connect();
    try {
      const heard = new Promise<string>((resolve) =>
        listener.once('notification', (n) => resolve(n.payload ?? '')),
      );
      await listener.query('listen fitbase_test_channel');
      const studio = await begin(b);
      deferNotify(studio.tx, 'fitbase_test_channel', 'written');
      // Too long for pg_notify: fitbase_notify logs it, and the committed write still answers.
      deferNotify(studio.tx, 'fitbase_test_channel', 'x'.repeat(9000));
      const email = `dee-${Date.now()}@example.com`;
      const rows = await executeLastAndCommit<{ n: number }>(
        studio.tx,
        named('test_count', sql`select count(*)::int as n from members`),
        [
          sql`insert into members (organization_id, first_name, last_name, email)
            values (${b.organization.id}, 'Dee', 'Earlier', ${email})`,
        ],
      );
      expect(rows).toEqual([{ n: 2 }]);
      const refused = (await studio.tx.execute(sql`select 1`).catch((e: unknown) => e)) as Error;
      await studio.commit();
      expect((refused.cause as Error | undefined)?.message).toMatch(/no more SQL/);
      const after = await begin(b);
      try {
        const [names] = await executeTogether(after.tx, [firstNames]);
        expect(names!.map((r) => r.first_name)).toEqual(['Bea', 'Dee']);
      } finally {
        await after.rollback();
      }
      expect(await heard).toBe('written');
    } finally {
      await listener.query('unlisten *');
      listener.release();
    }
  });

  it('discards a connection whose PREPARE failed', async () => {
    const pool = t.deps.database.pool!;
    const studio = await begin(a);
    const before = pool.totalCount;
    await expect(
      executeTogether(studio.tx, [named('test_broken', sql`select no_such_column from members`)]),
    ).rejects.toThrow(/no_such_column/);
    await studio.rollback();
    expect(pool.totalCount).toBe(before - 1);
  });
});
