import type { OrganizationRole } from '@fitbase/domain/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationUsers } from '../../db/schema/organizations.ts';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

// Who may do what with services, and which organization's services anyone can reach.

/** A new person with `role` in the organization, switched to it as their current one. */
async function memberWithRole(organizationId: string, role: OrganizationRole) {
  const person = await signUp(t.app);
  await t.deps.database.db
    .insert(organizationUsers)
    .values({ organizationId, userId: person.userId, role });
  const res = await call(t.app, 'PUT', '/api/me/current-organization', {
    cookie: person.cookie,
    body: { organizationId },
  });
  expect(res.status).toBe(200);
  return person;
}

async function create(cookie: string, body: Record<string, unknown>) {
  return call(t.app, 'POST', '/api/services', { cookie, body });
}

describe('permission matrix (owner and admin manage, every role views)', () => {
  const matrix: Array<[OrganizationRole, boolean]> = [
    ['admin', true],
    ['trainer', false],
    ['staff', false],
  ];
  for (const [role, manages] of matrix) {
    it(`${role} ${manages ? 'manages' : 'only views'} services`, async () => {
      const owner = await createOwner(t.app);
      const existing = await create(owner.cookie, { name: 'Spin Class', price: '15.00' });
      const person = await memberWithRole(owner.organization.id, role);

      const list = await call(t.app, 'GET', '/api/services', { cookie: person.cookie });
      expect(list.status).toBe(200);
      expect(list.body.services.map((s: { id: string }) => s.id)).toEqual([existing.body.id]);

      const path = `/api/services/${existing.body.id}`;
      const created = await create(person.cookie, { name: 'HIIT' });
      const patched = await call(t.app, 'PATCH', path, {
        cookie: person.cookie,
        body: { isActive: false },
      });
      const deleted = await call(t.app, 'DELETE', path, { cookie: person.cookie });
      if (manages) {
        expect([created.status, patched.status, deleted.status]).toEqual([201, 200, 204]);
        return;
      }
      for (const res of [created, patched, deleted]) {
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
        expect(res.body.error.message).toBe(
          'Your role does not allow this action (allowed: owner, admin).',
        );
      }
      const after = await call(t.app, 'GET', '/api/services', { cookie: owner.cookie });
      expect(after.body.services).toHaveLength(1);
      expect(after.body.services[0]).toMatchObject({ name: 'Spin Class', isActive: true });
    });
  }
});

describe('tenant isolation', () => {
  it("another organization's person sees none of the services and gets 404 on every id", async () => {
    const first = await createOwner(t.app);
    const ids: string[] = [];
    for (const name of ['Yoga', 'Boxing']) ids.push((await create(first.cookie, { name })).body.id);
    const other = await createOwner(t.app);
    await create(other.cookie, { name: 'Their Own' });

    const list = await call(t.app, 'GET', '/api/services', { cookie: other.cookie });
    expect(list.body.services.map((s: { name: string }) => s.name)).toEqual(['Their Own']);
    for (const id of ids) {
      const patch = await call(t.app, 'PATCH', `/api/services/${id}`, {
        cookie: other.cookie,
        body: { name: 'Hijacked' },
      });
      expect(patch.status).toBe(404);
      expect(patch.body.error.message).toBe('Service not found');
      const del = await call(t.app, 'DELETE', `/api/services/${id}`, { cookie: other.cookie });
      expect(del.status).toBe(404);
      expect(del.body.error.message).toBe('Service not found');
    }
    const mine = await call(t.app, 'GET', '/api/services', { cookie: first.cookie });
    expect(mine.body.services.map((s: { name: string }) => s.name)).toEqual(['Boxing', 'Yoga']);
  });

  it('follows the current organization of a person in two organizations', async () => {
    const first = await createOwner(t.app);
    await create(first.cookie, { name: 'First Gym Yoga' });
    const second = await createOwner(t.app);
    const admin = await memberWithRole(second.organization.id, 'admin');
    await t.deps.database.db
      .insert(organizationUsers)
      .values({ organizationId: first.organization.id, userId: admin.userId, role: 'staff' });
    const inSecond = await call(t.app, 'GET', '/api/services', { cookie: admin.cookie });
    expect(inSecond.body.services).toEqual([]);
    expect((await create(admin.cookie, { name: 'Second Gym Spin' })).status).toBe(201);

    await call(t.app, 'PUT', '/api/me/current-organization', {
      cookie: admin.cookie,
      body: { organizationId: first.organization.id },
    });
    const inFirst = await call(t.app, 'GET', '/api/services', { cookie: admin.cookie });
    expect(inFirst.body.services.map((s: { name: string }) => s.name)).toEqual(['First Gym Yoga']);
    // Staff in the first organization: its role there applies, not the admin role of the second.
    expect((await create(admin.cookie, { name: 'Nope' })).status).toBe(403);
  });
});
