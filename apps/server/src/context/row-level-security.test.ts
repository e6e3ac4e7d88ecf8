import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTestApp, type TestContext } from '../../test/test-app.ts';
import { addMember } from '../../test/fixtures/members.ts';
import { members } from '../db/schema/members.ts';
import { runInStudio } from './run-in-studio.ts';

/** Row-level security holds even for a query that forgets its organization filter. */
let t: TestContext;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createOwner(t.app);
  b = await createOwner(t.app);
  await addMember(t, a.cookie);
  await addMember(t, b.cookie);
});
afterAll(async () => t?.close());

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('row-level security', () => {
  it('shows a studio only its own rows when the where clause is forgotten', async () => {
    const seen = await runInStudio(t.deps.database.db, b.organization.id, (tx) =>
      tx.select({ organizationId: members.organizationId }).from(members),
    );
    expect(seen.length).toBe(1);
    expect(seen[0]?.organizationId).toBe(b.organization.id);
  });

  it("refuses to write a row into another studio's organization", async () => {
    const write = runInStudio(t.deps.database.db, b.organization.id, (tx) =>
      tx.insert(members).values({
        organizationId: a.organization.id,
        firstName: 'Cross',
        lastName: 'Studio',
        email: 'cross@example.com',
      }),
    );
    await expect(write).rejects.toThrow();
    const updated = await runInStudio(t.deps.database.db, b.organization.id, (tx) =>
      tx.execute(sql`update members set first_name = 'Renamed' returning organization_id`),
    );
    expect(rowsOf(updated).every((r) => r.organization_id === b.organization.id)).toBe(true);
  });

  it('covers every table that has an organization_id, forced, with a tenant policy', async () => {
    const result = await t.deps.database.db.execute(sql`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity,
             exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation') as has_policy
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (exists (select 1 from information_schema.columns col
                     where col.table_schema = 'public' and col.table_name = c.relname
                       and col.column_name = 'organization_id')
             or c.relname = 'organizations')
      order by 1`);
    // profiles.organization_id is a person's remembered studio, not ownership by one; a
    // notification belongs to its person (read by user_id) and may have no studio at all; slugs
    // (current and former) are one public namespace across studios, checked across studios.
    const notOwned = ['profiles', 'notifications', 'organization_slug_redirects'];
    const rows = rowsOf(result).filter((r) => !notOwned.includes(r.relname as string));
    expect(rows.length).toBeGreaterThan(10);
    const unprotected = rows
      .filter((r) => !r.relrowsecurity || !r.relforcerowsecurity || !r.has_policy)
      .map((r) => r.relname);
    expect(unprotected).toEqual([]);
  });

  it('leaves the pooled connection as it found it', async () => {
    await runInStudio(t.deps.database.db, a.organization.id, async () => undefined);
    const after = rowsOf(
      await t.deps.database.db.execute(
        sql`select current_user as who, current_setting('app.organization_id', true) as org`,
      ),
    )[0];
    expect(after?.who).not.toBe('fitbase_app');
    expect(after?.org ?? '').toBe('');
  });
});
