import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';
import { personWithRole } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { tags } from '../../db/schema/connect.ts';
import { neutraliseFormula } from '../../lib/csv-cell.ts';

// docs/product/settings-and-data.md#audit-log.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Entry {
  id: string;
  actorUserId: string | null;
  actorName: string | null;
  actorIp: string | null;
  action: string;
  entity: string;
  recordId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function auditLog(cookie: string, query = '') {
  const res = await call(t.app, 'GET', `/api/audit-log${query}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body as { items: Entry[]; nextCursor: string | null };
}

async function createTag(cookie: string, name: string) {
  const res = await call(t.app, 'POST', '/api/tags', { cookie, body: { name } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('audit log', () => {
  it('records a staff change in its transaction: who, from where, and only changed columns', async () => {
    const owner = await createOwner(t.app);
    const tag = await createTag(owner.cookie, 'VIP');
    const created = await auditLog(owner.cookie, '?entity=tags');
    expect(created.items).toHaveLength(1);
    expect(created.items[0]).toMatchObject({
      action: 'insert',
      entity: 'tags',
      recordId: tag.id,
      actorUserId: owner.userId,
      actorName: expect.stringMatching(/^Person \d+$/),
      actorIp: '127.0.0.1',
      before: null,
    });
    expect(created.items[0]!.after).toMatchObject({ name: 'VIP' });

    const edited = await call(t.app, 'PATCH', `/api/tags/${tag.id}`, {
      cookie: owner.cookie,
      body: { color: '#ef4444' },
    });
    expect(edited.status, edited.text).toBe(200);
    const [update] = (await auditLog(owner.cookie, '?entity=tags&action=update')).items;
    expect(update!.before).toEqual({ color: '#3b82f6' });
    expect(update!.after).toEqual({ color: '#ef4444' });

    // A request that fails writes nothing, and neither does a transaction that rolls back.
    await createTag(owner.cookie, 'Early bird');
    const clash = await call(t.app, 'PATCH', `/api/tags/${tag.id}`, {
      cookie: owner.cookie,
      body: { name: 'early bird' },
    });
    expect(clash.status).toBe(409);
    await expect(
      runInStudio(
        t.deps.database.db,
        owner.organization.id,
        async (tx) => {
          await tx.insert(tags).values({ organizationId: owner.organization.id, name: 'Ghost' });
          throw new Error('rolled back');
        },
        { userId: owner.userId, ip: '10.1.2.3' },
      ),
    ).rejects.toThrow('rolled back');
    // Background work (no actor) is not recorded.
    await runInStudio(t.deps.database.db, owner.organization.id, (tx) =>
      tx.insert(tags).values({ organizationId: owner.organization.id, name: 'From a job' }),
    );
    const all = await auditLog(owner.cookie, '?entity=tags');
    expect(all.items.map((e) => [e.action, e.after?.name ?? e.after?.color])).toEqual([
      ['insert', 'Early bird'],
      ['update', '#ef4444'],
      ['insert', 'VIP'],
    ]);
  });

  it("skips a session's counter-only updates (every booking makes one), not other changes", async () => {
    const owner = await createOwner(t.app);
    const org = owner.organization.id;
    const session = await insertSession(t.deps.database.db, org, { capacity: 10 });
    const asStaff = (statement: ReturnType<typeof sql>) =>
      runInStudio(t.deps.database.db, org, (tx) => tx.execute(statement), {
        userId: owner.userId,
        ip: '127.0.0.1',
      });
    await asStaff(
      sql`update class_sessions set booked_count = booked_count + 1, waitlist_count = 1, updated_at = now() where id = ${session.id}`,
    );
    expect((await auditLog(owner.cookie, '?entity=class_sessions')).items).toHaveLength(0);
    await asStaff(
      sql`update class_sessions set capacity = 12, booked_count = 2 where id = ${session.id}`,
    );
    const [changed] = (await auditLog(owner.cookie, '?entity=class_sessions')).items;
    expect(changed!.before).toEqual({ capacity: 10, booked_count: 1 });
    expect(changed!.after).toEqual({ capacity: 12, booked_count: 2 });
  });

  it('cannot be edited or deleted, even as the tenant role', async () => {
    const owner = await createOwner(t.app);
    await createTag(owner.cookie, 'Keep me');
    for (const statement of [
      sql`update audit_log set action = 'delete'`,
      sql`delete from audit_log`,
    ]) {
      await expect(
        runInStudio(t.deps.database.db, owner.organization.id, (tx) => tx.execute(statement)),
      ).rejects.toThrow();
    }
    await expect(t.deps.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await auditLog(owner.cookie, '?entity=tags')).items).toHaveLength(1);
    const count = await t.deps.database.db.execute(
      sql`select count(*)::int as n from audit_log where organization_id = ${owner.organization.id}`,
    );
    expect(rowsOf(count)[0]!.n).toBeGreaterThan(0);
  });

  it('is for owners and admins only, and only of their own studio', async () => {
    const owner = await createOwner(t.app);
    const other = await createOwner(t.app);
    await createTag(other.cookie, 'Theirs');
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    const admin = await personWithRole(t, owner.organization.id, 'admin');
    for (const path of ['/api/audit-log', '/api/audit-log/export', '/api/audit-log/people']) {
      const res = await call(t.app, 'GET', path, { cookie: trainer.cookie });
      expect(res.status, path).toBe(403);
    }
    const seen = await auditLog(admin.cookie, '?entity=tags');
    expect(seen.items).toEqual([]);
    const people = await call(t.app, 'GET', '/api/audit-log/people', { cookie: admin.cookie });
    expect(people.status).toBe(200);
    expect((people.body.people as { userId: string }[]).map((p) => p.userId).sort()).toEqual(
      [owner.userId, trainer.userId, admin.userId].sort(),
    );
  });

  it('filters by person, area, action and days, and pages newest first', async () => {
    const owner = await createOwner(t.app);
    const admin = await personWithRole(t, owner.organization.id, 'admin');
    await createTag(owner.cookie, 'One');
    await createTag(owner.cookie, 'Two');
    await createTag(admin.cookie, 'Three');
    const byAdmin = await auditLog(owner.cookie, `?entity=tags&actorUserId=${admin.userId}`);
    expect(byAdmin.items.map((e) => e.after?.name)).toEqual(['Three']);
    expect((await auditLog(owner.cookie, '?entity=tags&action=delete')).items).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await auditLog(owner.cookie, `?entity=tags&from=${today}&to=${today}`)).items,
    ).toHaveLength(3);
    expect((await auditLog(owner.cookie, `?entity=tags&from=${tomorrow}`)).items).toEqual([]);
    const backwards = await call(t.app, 'GET', `/api/audit-log?from=${tomorrow}&to=${today}`, {
      cookie: owner.cookie,
    });
    expect(backwards.status).toBe(400);
    const unknownArea = await call(t.app, 'GET', '/api/audit-log?entity=pg_authid', {
      cookie: owner.cookie,
    });
    expect(unknownArea.status).toBe(400);

    const first = await auditLog(owner.cookie, '?entity=tags&limit=2');
    expect(first.items.map((e) => e.after?.name)).toEqual(['Three', 'Two']);
    expect(first.nextCursor).toBeTruthy();
    const second = await auditLog(owner.cookie, `?entity=tags&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((e) => e.after?.name)).toEqual(['One']);
    expect(second.nextCursor).toBeNull();
    const forged = await call(t.app, 'GET', '/api/audit-log?cursor=bm90LWEtY3Vyc29y', {
      cookie: owner.cookie,
    });
    expect(forged.status).toBe(400);
  });

  it('exports the same filter as CSV with formula cells escaped', async () => {
    const owner = await createOwner(t.app);
    const sly = await signUp(t.app, { name: '@SUM(1+1)' });
    await t.deps.database.db
      .insert(organizationUsers)
      .values({ organizationId: owner.organization.id, userId: sly.userId, role: 'admin' });
    await call(t.app, 'PUT', '/api/me/current-organization', {
      cookie: sly.cookie,
      body: { organizationId: owner.organization.id },
    });
    await createTag(sly.cookie, '=HYPERLINK("http://evil.example")');
    await createTag(owner.cookie, 'Plain');
    const res = await call(
      t.app,
      'GET',
      `/api/audit-log/export?entity=tags&actorUserId=${sly.userId}`,
      {
        cookie: owner.cookie,
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-/);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe('When (UTC),Who,IP,Action,Area,Record,Before,After');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",'@SUM(1+1),127.0.0.1,Created,Tags,");
    expect(res.text).not.toContain('Plain');

    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('+44 20')).toBe("'+44 20");
    expect(neutraliseFormula('-5')).toBe("'-5");
    expect(neutraliseFormula('Alex')).toBe('Alex');
  });
});
