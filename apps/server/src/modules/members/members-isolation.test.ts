import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { addMember, memberBody, validCard } from '../../../test/fixtures/members.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Organization A with a member, a visit and a card; B is another studio. */
async function twoStudios() {
  const a = await createOwner(t.app);
  const member = await addMember(t, a.cookie, {
    firstName: 'Secret',
    lastName: 'Member',
    email: 'secret@a.example.com',
  });
  expect(
    (await call(t.app, 'POST', `/api/members/${member.id}/visits`, { cookie: a.cookie })).status,
  ).toBe(201);
  const card = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
    cookie: a.cookie,
    body: validCard(),
  });
  expect(card.status).toBe(201);
  const b = await createOwner(t.app);
  return { a, b, member };
}

function memberEndpoints(id: string): Array<[string, string, unknown?]> {
  return [
    ['GET', `/api/members/${id}`],
    ['PATCH', `/api/members/${id}`, { membershipStatus: 'cancelled', firstName: 'Hacked' }],
    ['GET', `/api/members/${id}/visits`],
    ['POST', `/api/members/${id}/visits`],
    ['GET', `/api/members/${id}/payment-methods`],
    ['POST', `/api/members/${id}/payment-methods`, validCard({ isDefault: true })],
  ];
}

describe('tenant isolation', () => {
  it("answers 404 'Member not found' on every member, visit and payment-method endpoint for another studio's id", async () => {
    const { a, b, member } = await twoStudios();
    for (const [method, path, body] of memberEndpoints(member.id)) {
      const res = await call(t.app, method, path, { cookie: b.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.message).toBe('Member not found');
    }
    // Nothing changed on A's side.
    const own = await call(t.app, 'GET', `/api/members/${member.id}`, { cookie: a.cookie });
    expect(own.body).toMatchObject({ firstName: 'Secret', membershipStatus: 'active' });
    const visits = await call(t.app, 'GET', `/api/members/${member.id}/visits`, {
      cookie: a.cookie,
    });
    expect(visits.body).toHaveLength(1);
    const cards = await call(t.app, 'GET', `/api/members/${member.id}/payment-methods`, {
      cookie: a.cookie,
    });
    expect(cards.body).toHaveLength(1);
  });

  it("shows none of another studio's members in lists, searches, counts or the dashboard", async () => {
    const { b } = await twoStudios();
    const list = await call(t.app, 'GET', '/api/members', { cookie: b.cookie });
    expect(list.body).toEqual({ items: [], nextCursor: null });
    const search = await call(t.app, 'GET', '/api/members?search=secret', { cookie: b.cookie });
    expect(search.body.items).toEqual([]);
    const summary = await call(t.app, 'GET', '/api/members/summary', { cookie: b.cookie });
    expect(summary.body).toEqual({ totalMembers: 0, activeMembers: 0, newThisMonth: 0 });
    const dashboard = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: b.cookie });
    expect(dashboard.body).toMatchObject({ memberCount: 0, activeToday: 0, recentVisits: [] });
  });

  it('lets the same email exist in two studios, each seeing only its own', async () => {
    const { a, b } = await twoStudios();
    await addMember(t, b.cookie, { email: 'secret@a.example.com', firstName: 'Other' });
    const inA = await call(t.app, 'GET', '/api/members?search=secret@a', { cookie: a.cookie });
    const inB = await call(t.app, 'GET', '/api/members?search=secret@a', { cookie: b.cookie });
    expect(inA.body.items.map((m: { firstName: string }) => m.firstName)).toEqual(['Secret']);
    expect(inB.body.items.map((m: { firstName: string }) => m.firstName)).toEqual(['Other']);
  });

  it('follows the current organization of a person in two studios: ids of the other one are 404', async () => {
    const { a, b, member } = await twoStudios();
    // B's owner also joins A as staff but stays switched to B.
    await t.deps.database.db
      .insert(organizationUsers)
      .values({ organizationId: a.organization.id, userId: b.userId, role: 'staff' });
    const res = await call(t.app, 'GET', `/api/members/${member.id}`, { cookie: b.cookie });
    expect(res.status).toBe(404);
    const created = await call(t.app, 'POST', '/api/members', {
      cookie: b.cookie,
      body: memberBody(),
    });
    expect(created.status).toBe(201);
    const aList = await call(t.app, 'GET', '/api/members', { cookie: a.cookie });
    expect(aList.body.items.map((m: { id: string }) => m.id)).not.toContain(created.body.id);
    // After switching to A, A's member is visible and B's new one is not.
    await call(t.app, 'PUT', '/api/me/current-organization', {
      cookie: b.cookie,
      body: { organizationId: a.organization.id },
    });
    expect(
      (await call(t.app, 'GET', `/api/members/${member.id}`, { cookie: b.cookie })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/api/members/${created.body.id}`, { cookie: b.cookie })).status,
    ).toBe(404);
  });
});
