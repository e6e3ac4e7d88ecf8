import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOwner,
  createTestApp,
  sessionTokenOf as tokenOf,
  type TestContext,
} from '../../test/test-app.ts';
import { addMember } from '../../test/fixtures/members.ts';
import type { PgUnitOfWork } from '../db/pg-unit-of-work.ts';
import { named } from '../db/unit-of-work.ts';
import { studioWrite } from './studio-fast-path.ts';

// Several statements of a studio write in one message (the unit of work's `together`), the
// last one with the COMMIT and the NOTIFYs (`lastAndCommit`, `notify`), named statements
// prepared once per connection (db/pg-unit-of-work.ts). PostgreSQL only: PGlite runs the
// statements one by one (the services' own tests cover that path).
const postgres = Boolean(process.env.DATABASE_URL);
// Behind a transaction pooler (scripts/pgbouncer-suite.sh) nothing is prepared by name and a
// pool connection cannot LISTEN (ADR 0036): those checks are of the direct mode.
const direct = !process.env.DATABASE_DIRECT_URL;

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

class Rollback extends Error {}

interface Held {
  unit: PgUnitOfWork;
  commit: () => Promise<void>;
  rollback: () => Promise<void>;
}

/** A studio write's unit of work held open until the test commits or rolls it back. */
const begin = (owner: typeof a) =>
  new Promise<Held>((opened, failed) => {
    let finish!: (how: 'commit' | 'rollback') => void;
    const decided = new Promise<'commit' | 'rollback'>((resolve) => (finish = resolve));
    const result = studioWrite(
      t.deps.database.pool!,
      tokenOf(owner.cookie),
      owner.organization.id,
      '',
      async (unit) => {
        opened({
          unit,
          commit: async () => {
            finish('commit');
            await result;
          },
          rollback: async () => {
            finish('rollback');
            await result.catch((error: unknown) => {
              if (!(error instanceof Rollback)) throw error;
            });
          },
        });
        if ((await decided) === 'rollback') throw new Rollback();
      },
    );
    result.catch(failed);
  });

const firstNames = sql`select first_name from members order by first_name`;

describe.runIf(postgres)('statements in one message (PostgreSQL)', () => {
  it.runIf(direct)(
    'answers each statement in order, scoped to the studio, preparing a named one once',
    async () => {
      const studio = await begin(a);
      try {
        const statements = [
          sql`select 1 as one`,
          named('test_members', firstNames),
          sql`select count(*)::int as n from members`,
        ];
        const first = await studio.unit.together(statements);
        const second = await studio.unit.together(statements);
        expect(first).toEqual([[{ one: 1 }], [{ first_name: 'Ada' }], [{ n: 1 }]]);
        expect(second).toEqual(first);
        const [prepared] = await studio.unit.together([
          sql`select count(*)::int as n from pg_prepared_statements where name like 'fb_test_members_%'`,
        ]);
        expect(prepared).toEqual([{ n: 1 }]);
      } finally {
        await studio.rollback();
      }
    },
  );

  it('gives a statement after a lock what the lock holder committed (one snapshot each)', async () => {
    const holder = await begin(a);
    await holder.unit.together([sql`select pg_advisory_xact_lock(424242)`]);
    await holder.unit.db.execute(
      sql`insert into members (organization_id, first_name, last_name, email)
        values (${a.organization.id}, 'Cy', 'Waiting', ${`cy-${Date.now()}@example.com`})`,
    );
    const waiter = await begin(a);
    try {
      const seen = waiter.unit.together([sql`select pg_advisory_xact_lock(424242)`, firstNames]);
      await holder.commit();
      const [, names] = await seen;
      expect(names!.map((r) => r.first_name)).toEqual(['Ada', 'Cy']);
    } finally {
      await waiter.rollback();
    }
  });

  it.runIf(direct)(
    'commits with the last statement, earlier ones and the NOTIFYs in the same message',
    async () => {
      // NOTIFY is per database: listen on one of the test app's own connections.
      const listener = await t.deps.database.pool!.connect();
      try {
        const heard = new Promise<string>((resolve) =>
          listener.once('notification', (n) => resolve(n.payload ?? '')),
        );
        await listener.query('listen fitbase_test_channel');
        const studio = await begin(b);
        studio.unit.notify('fitbase_test_channel', 'written');
        // Too long for pg_notify: fitbase_notify logs it, and the committed write still answers.
        studio.unit.notify('fitbase_test_channel', 'x'.repeat(9000));
        const email = `dee-${Date.now()}@example.com`;
        const rows = await studio.unit.lastAndCommit<{ n: number }>(
          named('test_count', sql`select count(*)::int as n from members`),
          [
            sql`insert into members (organization_id, first_name, last_name, email)
            values (${b.organization.id}, 'Dee', 'Earlier', ${email})`,
          ],
        );
        expect(rows).toEqual([{ n: 2 }]);
        const refused = (await studio.unit.db
          .execute(sql`select 1`)
          .catch((e: unknown) => e)) as Error;
        await studio.commit();
        expect((refused.cause as Error | undefined)?.message).toMatch(/no more SQL/);
        const after = await begin(b);
        try {
          const [names] = await after.unit.together([firstNames]);
          expect(names!.map((r) => r.first_name)).toEqual(['Bea', 'Dee']);
        } finally {
          await after.rollback();
        }
        expect(await heard).toBe('written');
      } finally {
        await listener.query('unlisten *');
        listener.release();
      }
    },
  );

  it.runIf(direct)('discards a connection whose PREPARE failed', async () => {
    const pool = t.deps.database.pool!;
    const studio = await begin(a);
    const before = pool.totalCount;
    await expect(
      studio.unit.together([named('test_broken', sql`select no_such_column from members`)]),
    ).rejects.toThrow(/no_such_column/);
    await studio.rollback();
    expect(pool.totalCount).toBe(before - 1);
  });
});
