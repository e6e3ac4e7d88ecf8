import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function family() {
  const owner = await createOwner(t.app);
  const parent = await addMember(t, owner.cookie, { firstName: 'Pat', lastName: 'Parent' });
  const child = await addMember(t, owner.cookie, { firstName: 'Kim', lastName: 'Child' });
  const other = await addMember(t, owner.cookie, { firstName: 'Oli', lastName: 'Other' });
  return { owner, parent, child, other };
}

describe('households', () => {
  it('creates a household with its payer first; the member dashboard and the directory show it', async () => {
    const { owner, parent, child } = await family();
    const res = await call(t.app, 'POST', '/api/households', {
      cookie: owner.cookie,
      body: { name: 'The Parents', payerMemberId: parent.id, memberIds: [child.id] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: 'The Parents', payerMemberId: parent.id });
    expect(
      res.body.members.map((m: { id: string; isPayer: boolean }) => [m.id, m.isPayer]),
    ).toEqual([
      [parent.id, true],
      [child.id, false],
    ]);
    const mine = await call(t.app, 'GET', `/api/members/${child.id}/household`, {
      cookie: owner.cookie,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.household.id).toBe(res.body.id);
    const list = await call(t.app, 'GET', '/api/members', { cookie: owner.cookie });
    const rows = new Map<string, { household: unknown }>(
      list.body.items.map((m: { id: string; household: unknown }) => [m.id, m]),
    );
    expect(rows.get(child.id)?.household).toEqual({
      id: res.body.id,
      name: 'The Parents',
      isPayer: false,
    });
    expect(rows.get(parent.id)?.household).toMatchObject({ isPayer: true });
  });

  it('keeps a member in at most one household, and the payer in their own', async () => {
    const { owner, parent, child, other } = await family();
    const first = await call(t.app, 'POST', '/api/households', {
      cookie: owner.cookie,
      body: { name: 'First', payerMemberId: parent.id, memberIds: [child.id] },
    });
    const second = await call(t.app, 'POST', '/api/households', {
      cookie: owner.cookie,
      body: { name: 'Second', payerMemberId: other.id, memberIds: [child.id] },
    });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toContain('"First"');
    const made = await call(t.app, 'POST', '/api/households', {
      cookie: owner.cookie,
      body: { name: 'Second', payerMemberId: other.id },
    });
    expect(made.status).toBe(201);
    const add = await call(t.app, 'POST', `/api/households/${made.body.id}/members`, {
      cookie: owner.cookie,
      body: { memberId: child.id },
    });
    expect(add.status).toBe(409);
    // The payer is one of the members; another payer must belong first.
    const removePayer = await call(
      t.app,
      'DELETE',
      `/api/households/${first.body.id}/members/${parent.id}`,
      { cookie: owner.cookie },
    );
    expect(removePayer.status).toBe(409);
    const foreignPayer = await call(t.app, 'PATCH', `/api/households/${first.body.id}`, {
      cookie: owner.cookie,
      body: { payerMemberId: other.id },
    });
    expect(foreignPayer.status).toBe(409);
    const switched = await call(t.app, 'PATCH', `/api/households/${first.body.id}`, {
      cookie: owner.cookie,
      body: { payerMemberId: child.id, name: 'Renamed' },
    });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toMatchObject({ name: 'Renamed', payerMemberId: child.id });
    const removed = await call(
      t.app,
      'DELETE',
      `/api/households/${first.body.id}/members/${parent.id}`,
      { cookie: owner.cookie },
    );
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.members.map((m: { id: string }) => m.id)).toEqual([child.id]);
    const none = await call(t.app, 'GET', `/api/members/${parent.id}/household`, {
      cookie: owner.cookie,
    });
    expect(none.body).toEqual({ household: null });
    const dissolved = await call(t.app, 'DELETE', `/api/households/${first.body.id}`, {
      cookie: owner.cookie,
    });
    expect(dissolved.status).toBe(204);
    const gone = await call(t.app, 'GET', `/api/households/${first.body.id}`, {
      cookie: owner.cookie,
    });
    expect(gone.status).toBe(404);
  });

  it("refuses another studio's members", async () => {
    const { owner, parent } = await family();
    const elsewhere = await createOwner(t.app);
    const stranger = await addMember(t, elsewhere.cookie);
    const res = await call(t.app, 'POST', '/api/households', {
      cookie: owner.cookie,
      body: { name: 'Mixed', payerMemberId: parent.id, memberIds: [stranger.id] },
    });
    expect(res.status).toBe(404);
  });
});
