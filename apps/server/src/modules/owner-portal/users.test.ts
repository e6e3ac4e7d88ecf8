import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { profiles } from '../../db/schema/platform.ts';
import { createPlanAs, personWithRole, roleRow } from '../../../test/fixtures/owner-portal.ts';

let t: TestContext;
let owner: Awaited<ReturnType<typeof personWithRole>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithRole(t, 'owner', { name: 'Olive Owner' });
});
afterAll(async () => t?.close());

const changeRole = (cookie: string, userId: string, role: string) =>
  call(t.app, 'PUT', `/api/owner-portal/users/${userId}/role`, { cookie, body: { role } });

describe('PUT /api/owner-portal/users/{id}/role', () => {
  it("lets an owner change another person's role and records who did it", async () => {
    const person = await personWithRole(t, 'user');
    const res = await changeRole(owner.cookie, person.userId, 'admin');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: person.userId, role: 'admin' });
    expect(await roleRow(t.deps.database.db, person.userId)).toMatchObject({
      role: 'admin',
      assignedBy: owner.userId,
    });
    // The promoted admin can now open the portal.
    expect(
      (await call(t.app, 'GET', '/api/owner-portal/users', { cookie: person.cookie })).status,
    ).toBe(200);
  });

  it('refuses admins: only owners can update user roles', async () => {
    const admin = await personWithRole(t, 'admin');
    const person = await personWithRole(t, 'user');
    const res = await changeRole(admin.cookie, person.userId, 'owner');
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Only owners can update user roles');
    expect(await roleRow(t.deps.database.db, person.userId)).toBeNull();
  });

  it('refuses an owner changing their own role', async () => {
    const res = await changeRole(owner.cookie, owner.userId, 'user');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('You cannot change your own role');
    // The browser tells this refusal apart by its code, never by the message.
    expect(res.body.error.code).toBe('own_role_change');
    expect((await roleRow(t.deps.database.db, owner.userId))?.role).toBe('owner');
  });

  it('answers 404 for an unknown user and 400 for an unknown role', async () => {
    expect((await changeRole(owner.cookie, 'no-such-user', 'admin')).status).toBe(404);
    expect((await changeRole(owner.cookie, owner.userId, 'superuser')).status).toBe(400);
  });
});

describe('GET /api/owner-portal/users', () => {
  it('lists newest first with role, plan (Free = null) and join date', async () => {
    const plan = await createPlanAs(t, owner.cookie, { name: 'Gold', priceMonthly: '30' });
    const member = await personWithRole(t, 'user', { name: 'Newest Member' });
    await call(t.app, 'POST', '/api/owner-portal/invitations', {
      cookie: owner.cookie,
      body: { email: member.email, planId: plan.id },
    });
    const token = t.mail.at(-1)?.links?.[0]?.split('/invite/')[1] ?? '';
    expect(
      (
        await call(t.app, 'POST', '/api/invitations/accept', {
          cookie: member.cookie,
          body: { token },
        })
      ).status,
    ).toBe(200);

    const res = await call(t.app, 'GET', '/api/owner-portal/users?limit=100', {
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    const [first] = res.body.items;
    expect(first).toEqual({
      id: member.userId,
      fullName: 'Newest Member',
      email: member.email,
      role: 'user',
      planName: 'Gold',
      createdAt: expect.any(String),
    });
    const ownerRow = res.body.items.find((u: { id: string }) => u.id === owner.userId);
    expect(ownerRow).toMatchObject({ role: 'owner', planName: null, fullName: 'Olive Owner' });
    const dates = res.body.items.map((u: { createdAt: string }) => u.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages by cursor without skipping or repeating rows that share a timestamp', async () => {
    // Ten profiles with the very same created_at: only the id orders them.
    await t.deps.database.db.execute(sql`
      insert into users (id, name, email) select 'same-' || g, 'Same ' || g, 'same' || g || '@paging.test' from generate_series(1, 10) g`);
    await t.deps.database.db.execute(sql`
      insert into ${profiles} (id, email, full_name, created_at)
      select 'same-' || g, 'same' || g || '@paging.test', 'Same ' || g, '2020-01-01T00:00:00.123456Z' from generate_series(1, 10) g`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/owner-portal/users?limit=3&q=paging.test${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call(t.app, 'GET', query, { cookie: owner.cookie });
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((u: { id: string }) => u.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
  });

  it('searches name and email on the server, case-insensitively, with wildcards taken literally', async () => {
    await personWithRole(t, 'user', { name: 'Zelda Search', email: 'zelda.search@example.com' });
    await personWithRole(t, 'user', { name: 'Promo 100%_off' });
    await personWithRole(t, 'user', { name: 'Promo 100XYoff' });
    const byName = await call(t.app, 'GET', '/api/owner-portal/users?q=zELDA%20sea', {
      cookie: owner.cookie,
    });
    expect(byName.body.items.map((u: { fullName: string }) => u.fullName)).toEqual([
      'Zelda Search',
    ]);
    const byEmail = await call(t.app, 'GET', '/api/owner-portal/users?q=Zelda.Search@', {
      cookie: owner.cookie,
    });
    expect(byEmail.body.items.map((u: { email: string }) => u.email)).toEqual([
      'zelda.search@example.com',
    ]);
    const literal = await call(
      t.app,
      'GET',
      `/api/owner-portal/users?q=${encodeURIComponent('100%_')}`,
      { cookie: owner.cookie },
    );
    expect(literal.body.items.map((u: { fullName: string }) => u.fullName)).toEqual([
      'Promo 100%_off',
    ]);
    const none = await call(t.app, 'GET', '/api/owner-portal/users?q=nobody-matches', {
      cookie: owner.cookie,
    });
    expect(none.body).toEqual({ items: [], nextCursor: null });
  });

  it('caps the page size', async () => {
    const res = await call(t.app, 'GET', '/api/owner-portal/users?limit=1000', {
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
  });
});
