import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The schema stays ready to be sharded by studio (distributed by organization_id, Citus; see the
 * sharding ADR in docs/decisions): on every tenant table (one with a NOT NULL organization_id)
 * the primary key, every unique constraint or index and every foreign key to another tenant table
 * include organization_id. Read from the migrated database's catalog, so a new table or index that
 * breaks the rule fails here, by name.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/**
 * Justified exemptions, `table:constraint or index` (or `table:no primary key`). Each one is a table
 * that becomes a Citus reference table or is kept with no primary key, never a distributed table
 * with a key Citus would refuse.
 */
const EXEMPT: Record<string, string> = {
  // Former slugs of every studio are one public namespace, checked across studios before any
  // studio is known (docs/product/tenancy.md): a small reference table, replicated to workers.
  'organization_slug_redirects:organization_slug_redirects_pkey':
    'one slug namespace across studios (reference table)',
  // Per-day sales deltas merged by compaction (migration 0028): no row has an identity of its own;
  // Citus distributes a table without a primary key.
  'sales_daily:no primary key': 'delta rows with no identity',
  // The demo payment provider's own idempotency store; its only key, (organization_id,
  // idempotency_key), already leads with organization_id.
  'demo_provider_charges:no primary key': 'keyed by its unique (organization_id, idempotency_key)',
};

type Row = { tbl: string; name: string; problem: string };

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

type Executor = Pick<TestContext['deps']['database']['db'], 'execute'>;

async function violations(db: Executor = t.deps.database.db): Promise<Row[]> {
  const result = await db.execute(sql`
    with tenant as (
      select c.oid, c.relname::text as tbl, a.attnum as org
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'organization_id' and a.attnotnull
      where n.nspname = 'public' and c.relkind in ('r', 'p')
    )
    select t.tbl, 'no primary key' as name, 'has no primary key' as problem
    from tenant t
    where not exists (select 1 from pg_constraint k where k.conrelid = t.oid and k.contype = 'p')
    union all
    select t.tbl, k.conname::text, 'primary key lacks organization_id'
    from tenant t join pg_constraint k on k.conrelid = t.oid and k.contype = 'p'
    where not (t.org = any (k.conkey))
    union all
    select t.tbl, i.indexrelid::regclass::text, 'unique index or constraint lacks organization_id'
    from tenant t join pg_index i on i.indrelid = t.oid and i.indisunique and not i.indisprimary
    where not (t.org = any (i.indkey::int2[]))
    union all
    -- organization_id must reference the parent's organization_id, at the same position.
    select t.tbl, k.conname::text, 'foreign key to tenant table ' || p.tbl || ' lacks organization_id'
    from tenant t
    join pg_constraint k on k.conrelid = t.oid and k.contype = 'f'
    join tenant p on p.oid = k.confrelid
    where not exists (
      select 1 from generate_subscripts(k.conkey, 1) s
      where k.conkey[s] = t.org and k.confkey[s] = p.org)
    union all
    -- A table outside the tenants (a reference table under Citus) cannot point into a shard.
    select c.relname::text, k.conname::text, 'non-tenant table references tenant table ' || p.tbl
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join tenant p on p.oid = k.confrelid
    where k.contype = 'f' and n.nspname = 'public'
      and k.conrelid not in (select oid from tenant)
    order by 1, 2`);
  return rowsOf(result);
}

describe('sharding keys', () => {
  it('puts organization_id in every tenant key and in every foreign key between tenant tables', async () => {
    const found = await violations();
    const unexpected = found
      .filter((v) => !(`${v.tbl}:${v.name}` in EXEMPT))
      .map((v) => `${v.tbl}: ${v.name} ${v.problem}`);
    expect(unexpected).toEqual([]);
  });

  it('names the table and the key when a new table breaks the rule', async () => {
    const rollback = new Error('rollback');
    let found: Row[] = [];
    const probe = t.deps.database.db.transaction(async (tx) => {
      await tx.execute(sql`create table sharding_probe (
        organization_id uuid not null, id uuid primary key, code text unique)`);
      found = (await violations(tx)).filter((v) => v.tbl === 'sharding_probe');
      throw rollback;
    });
    await expect(probe).rejects.toBe(rollback);
    expect(found.map((v) => `${v.name} ${v.problem}`)).toEqual([
      'sharding_probe_code_key unique index or constraint lacks organization_id',
      'sharding_probe_pkey primary key lacks organization_id',
    ]);
  });

  it('keeps no stale exemption', async () => {
    const found = new Set((await violations()).map((v) => `${v.tbl}:${v.name}`));
    expect(Object.keys(EXEMPT).filter((key) => !found.has(key))).toEqual([]);
  });

  it('finds the tenant tables it checks', async () => {
    const result = await t.deps.database.db.execute(sql`
      select count(*)::int as n from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'organization_id' and a.attnotnull
      where n.nspname = 'public' and c.relkind = 'r'`);
    const [{ n }] = (result as unknown as { rows: [{ n: number }] }).rows;
    expect(n).toBeGreaterThan(60);
  });
});
