import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  createTestAppOn,
  openTestDatabase,
  type TestContext,
} from '../../test/test-app.ts';
import { addMember } from '../../test/fixtures/members.ts';
import { openDatabase } from './client.ts';
import { inlineStatement, isTransactionPooled } from './pool-mode.ts';

describe('inlineStatement', () => {
  it('puts each literal, cast, where its placeholder was', () => {
    expect(inlineStatement('select $1 = $2, $1', ['text', 'uuid'], ["'a'", 'null'])).toBe(
      "select ('a')::text = (null)::uuid, ('a')::text",
    );
    expect(() => inlineStatement('select $3', ['text'], ["'a'"])).toThrow('No argument for $3');
  });
});

/**
 * The transaction-pooling mode (ADR 0036) on a direct connection: whatever a pooler would hand
 * the next client must be clean. With one connection per pool, the connection a request used
 * is the one inspected after it: no role, no studio scope, no open transaction, nothing
 * prepared. (scripts/pgbouncer-suite.sh runs the API tests through a real PgBouncer.)
 */
describe.runIf(process.env.DATABASE_URL)('transaction-pooling mode (PostgreSQL)', () => {
  let t: TestContext;
  let owner: Awaited<ReturnType<typeof createOwner>>;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    // DATABASE_DIRECT_URL set turns the mode on; here both addresses are the database itself.
    const database = await openDatabase({
      databaseUrl: opened.url!,
      directUrl: opened.directUrl ?? opened.url!,
      poolMax: 1,
      readPoolMax: 1,
    });
    t = createTestAppOn(database, async () => {
      await database.close();
      await opened.drop(); // closes the suite's own handle and drops the database
    });
    owner = await createOwner(t.app);
    await addMember(t, owner.cookie);
  });
  afterAll(async () => {
    await t?.close();
    // Test files share a worker's modules (vitest.config.ts): the next file's database must
    // not inherit this one's pooling.
    expect(isTransactionPooled()).toBe(false);
  });

  it('leaves a connection as it found it after reads and writes', async () => {
    expect(isTransactionPooled()).toBe(true);
    const list = await call(t.app, 'GET', '/api/members', { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    const created = await call(t.app, 'POST', '/api/members', {
      cookie: owner.cookie,
      body: { firstName: 'Pooled', lastName: 'Write', email: 'pooled.write@example.com' },
    });
    expect(created.status).toBe(201);
    const { pool, readPool } = t.deps.database;
    for (const which of [pool!, readPool!]) {
      const { rows } = await which.query(
        `select current_user = session_user as own_role,
                coalesce(current_setting('app.organization_id', true), '') as scope,
                current_setting('transaction_read_only') as read_only,
                (select count(*)::int from pg_prepared_statements) as prepared`,
      );
      expect(rows[0]).toEqual({ own_role: true, scope: '', read_only: 'off', prepared: 0 });
    }
    // Another studio's read on the same connection sees its own members only, and after it
    // the first studio's read sees its two.
    const other = await createOwner(t.app);
    const theirs = await call(t.app, 'GET', '/api/members', { cookie: other.cookie });
    expect(theirs.body).toEqual({ items: [], nextCursor: null });
    const again = await call(t.app, 'GET', '/api/members', { cookie: owner.cookie });
    expect(again.body.items).toHaveLength(2);
  });
});
