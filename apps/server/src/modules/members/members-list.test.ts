import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { members } from '../../db/schema/members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { memberStatusCounts } from './member-status-counts.ts';
import { addMember, insertMembers } from '../../../test/fixtures/members.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Page = {
  items: Array<{ id: string; firstName: string; lastName: string; email: string }>;
  nextCursor: string | null;
};

async function allPages(
  cookie: string,
  query: string,
  limit: number,
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const qs: string = `?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await call(t.app, 'GET', `/api/members${qs}`, { cookie });
    expect(res.status, res.text).toBe(200);
    const page = res.body as Page;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((m) => m.id));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids, pages };
}

describe('GET /api/members paging', () => {
  it('walks every member once, newest first, even when many share one created_at', async () => {
    const owner = await createOwner(t.app);
    const orgId = owner.organization.id;
    // 25 rows from one INSERT share now() exactly; 20 more are spread over past days.
    await insertMembers(t, orgId, 25);
    const day = 86_400_000;
    await insertMembers(t, orgId, 20, (i) => ({
      createdAt: new Date(Date.now() - (i + 1) * day - 0.5),
    }));
    const expected = await t.deps.database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.organizationId, orgId))
      .orderBy(desc(members.createdAt), desc(members.id));
    const { ids, pages } = await allPages(owner.cookie, '', 7);
    expect(ids).toEqual(expected.map((r) => r.id));
    expect(new Set(ids).size).toBe(45);
    expect(pages).toBe(7);
  });

  it('ends with nextCursor null and validates limit and cursor', async () => {
    const owner = await createOwner(t.app);
    await insertMembers(t, owner.organization.id, 3);
    const res = await call(t.app, 'GET', '/api/members?limit=3', { cookie: owner.cookie });
    expect(res.body.items).toHaveLength(3);
    expect(res.body.nextCursor).toBeNull();
    const defaults = await call(t.app, 'GET', '/api/members', { cookie: owner.cookie });
    expect(defaults.body.items).toHaveLength(3);
    for (const qs of ['limit=0', 'limit=101', 'limit=abc', 'status=gold', 'cursor=bm9wZQ']) {
      const bad = await call(t.app, 'GET', `/api/members?${qs}`, { cookie: owner.cookie });
      expect(bad.status, qs).toBe(400);
      expect(bad.body.error.code).toBe('validation_error');
    }
  });
});

describe('GET /api/members search and filters', () => {
  it('finds a case-insensitive substring of the full name or the email, in the database', async () => {
    const owner = await createOwner(t.app);
    const c = owner.cookie;
    const anna = await addMember(t, c, {
      firstName: 'Anna',
      lastName: 'Johnson',
      email: 'anna.j@example.com',
    });
    const joanne = await addMember(t, c, {
      firstName: 'Joanne',
      lastName: 'Smith',
      email: 'jo@example.com',
    });
    const bob = await addMember(t, c, {
      firstName: 'Bob',
      lastName: '100%_Stone',
      email: 'bob_100@example.com',
    });
    await addMember(t, c, { firstName: 'Carl', lastName: 'Berg', email: 'carl@example.org' });

    const search = async (q: string) => {
      const res = await call(t.app, 'GET', `/api/members?search=${encodeURIComponent(q)}`, {
        cookie: c,
      });
      expect(res.status, res.text).toBe(200);
      return (res.body as Page).items.map((m) => m.id).sort();
    };
    expect(await search('ANN')).toEqual([anna.id, joanne.id].sort());
    expect(await search('a joh')).toEqual([anna.id]); // across the space between first and last name
    expect(await search('100%_s')).toEqual([bob.id]);
    expect(await search('B_100@')).toEqual([bob.id]);
    // % and _ are literal characters, not wildcards.
    expect(await search('%')).toEqual([bob.id]);
    expect(await search('_')).toEqual([bob.id]);
    expect(await search('example.org')).toHaveLength(1);
    expect(await search('zzz')).toEqual([]);
    expect(await search('  ')).toHaveLength(4);
  });

  it('filters by status and membership type, combined with search and paging', async () => {
    const owner = await createOwner(t.app);
    const orgId = owner.organization.id;
    await insertMembers(t, orgId, 12, (i) => ({
      firstName: i % 2 ? 'Yolanda' : 'Peter',
      membershipStatus: i % 3 === 0 ? 'cancelled' : 'active',
      membershipType: i % 4 === 0 ? 'Yoga' : 'BJJ',
    }));
    const expectedIds = async (where: ReturnType<typeof and>) =>
      (
        await t.deps.database.db
          .select({ id: members.id })
          .from(members)
          .where(and(eq(members.organizationId, orgId), where))
          .orderBy(desc(members.createdAt), desc(members.id))
      ).map((r) => r.id);

    const cancelled = await allPages(owner.cookie, '&status=cancelled', 2);
    expect(cancelled.ids).toEqual(await expectedIds(eq(members.membershipStatus, 'cancelled')));
    expect(cancelled.ids).toHaveLength(4);

    const yoga = await allPages(owner.cookie, '&membershipType=Yoga', 10);
    expect(yoga.ids).toEqual(await expectedIds(eq(members.membershipType, 'Yoga')));
    expect(yoga.ids).toHaveLength(3);

    const combined = await allPages(owner.cookie, '&status=active&search=yol', 1);
    expect(combined.ids).toEqual(
      await expectedIds(
        and(eq(members.membershipStatus, 'active'), eq(members.firstName, 'Yolanda')),
      ),
    );
    expect(combined.ids.length).toBeGreaterThan(0);
  });
});

describe('GET /api/members/summary', () => {
  it('counts total, active and created within the last month', async () => {
    const owner = await createOwner(t.app);
    const orgId = owner.organization.id;
    const old = new Date(Date.now() - 45 * 86_400_000);
    await insertMembers(t, orgId, 4, (i) => ({
      createdAt: old,
      membershipStatus: i === 0 ? 'inactive' : 'active',
    }));
    await insertMembers(t, orgId, 3, (i) => ({
      membershipStatus: i === 0 ? 'suspended' : 'active',
    }));
    const res = await call(t.app, 'GET', '/api/members/summary', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ totalMembers: 7, activeMembers: 5, newThisMonth: 3 });
  });

  it('keeps the counts right through status edits, deletes and bulk inserts (trigger-maintained counters)', async () => {
    const owner = await createOwner(t.app);
    const orgId = owner.organization.id;
    const summary = async () =>
      (await call(t.app, 'GET', '/api/members/summary', { cookie: owner.cookie })).body;
    const a = await addMember(t, owner.cookie);
    const b = await addMember(t, owner.cookie);
    await insertMembers(t, orgId, 10, (i) => ({
      membershipStatus: i < 4 ? 'cancelled' : 'active',
    }));
    expect(await summary()).toMatchObject({ totalMembers: 12, activeMembers: 8 });
    await call(t.app, 'PATCH', `/api/members/${a.id}`, {
      cookie: owner.cookie,
      body: { membershipStatus: 'suspended' },
    });
    await call(t.app, 'PATCH', `/api/members/${b.id}`, {
      cookie: owner.cookie,
      body: { notes: 'no status change' },
    });
    expect(await summary()).toMatchObject({ totalMembers: 12, activeMembers: 7 });
    await t.deps.database.db
      .delete(members)
      .where(and(eq(members.organizationId, orgId), eq(members.membershipStatus, 'cancelled')));
    expect(await summary()).toMatchObject({ totalMembers: 8, activeMembers: 7 });
    const dashboard = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: owner.cookie });
    expect(dashboard.body.memberCount).toBe(8);
    // Deleting the organization cascades through members and their counters without failing.
    await t.deps.database.db.delete(organizations).where(eq(organizations.id, orgId));
    const left = await t.deps.database.db
      .select()
      .from(memberStatusCounts)
      .where(eq(memberStatusCounts.organizationId, orgId));
    expect(left).toEqual([]);
  });
});
