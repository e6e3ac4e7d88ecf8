import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, personWithRole } from '../../../test/fixtures/members.ts';
import { leads } from '../../db/schema/connect.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { addTagToMember, removeTagFromMember } from './tags.service.ts';

// docs/product/connect-and-messaging.md#tags.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function createTag(cookie: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/tags', { cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string; assigneeCount: number };
}

async function listTags(cookie: string) {
  const res = await call(t.app, 'GET', '/api/tags', { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body.tags as {
    id: string;
    name: string;
    color: string;
    assigneeCount: number;
    createdByName: string | null;
  }[];
}

async function insertLead(organizationId: string) {
  const [row] = await t.deps.database.db
    .insert(leads)
    .values({ organizationId, firstName: 'Lee', lastName: 'Prospect', email: 'lee@example.com' })
    .returning({ id: leads.id });
  return row!.id;
}

describe('tags', () => {
  it('creates with the default colour, lists newest first, edits and deletes', async () => {
    const owner = await createOwner(t.app);
    const vip = await createTag(owner.cookie, { name: '  VIP  ', description: 'Top members' });
    expect(vip).toMatchObject({
      name: 'VIP',
      description: 'Top members',
      color: '#3b82f6',
      assigneeCount: 0,
    });
    const early = await createTag(owner.cookie, { name: 'Early bird', color: '#10b981' });
    const list = await listTags(owner.cookie);
    expect(list.map((tag) => tag.name)).toEqual(['Early bird', 'VIP']);
    expect(list[0]!.createdByName).toMatch(/^Person \d+$/);

    const edited = await call(t.app, 'PATCH', `/api/tags/${early.id}`, {
      cookie: owner.cookie,
      body: { name: 'Morning crew', color: '#ef4444', description: '' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Morning crew',
      color: '#ef4444',
      description: null,
    });

    const deleted = await call(t.app, 'DELETE', `/api/tags/${early.id}`, { cookie: owner.cookie });
    expect(deleted.status).toBe(204);
    expect((await listTags(owner.cookie)).map((tag) => tag.name)).toEqual(['VIP']);
    const again = await call(t.app, 'DELETE', `/api/tags/${early.id}`, { cookie: owner.cookie });
    expect(again.status).toBe(404);
  });

  it('refuses a missing name, an unknown colour and a duplicate name in any case', async () => {
    const owner = await createOwner(t.app);
    const empty = await call(t.app, 'POST', '/api/tags', {
      cookie: owner.cookie,
      body: { name: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({ name: 'Name is required' });
    const colour = await call(t.app, 'POST', '/api/tags', {
      cookie: owner.cookie,
      body: { name: 'Red', color: '#123456' },
    });
    expect(colour.status).toBe(400);
    expect(colour.body.error.fields.color).toBe('Choose one of the preset colors');

    await createTag(owner.cookie, { name: 'Competitor' });
    const duplicate = await call(t.app, 'POST', '/api/tags', {
      cookie: owner.cookie,
      body: { name: 'COMPETITOR' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.message).toBe(
      'A tag named "COMPETITOR" already exists: choose another name.',
    );
    const other = await createTag(owner.cookie, { name: 'Other' });
    const renamed = await call(t.app, 'PATCH', `/api/tags/${other.id}`, {
      cookie: owner.cookie,
      body: { name: 'competitor' },
    });
    expect(renamed.status).toBe(409);

    // Another studio may use the same name.
    const second = await createOwner(t.app);
    await createTag(second.cookie, { name: 'Competitor' });
  });

  it('counts members and leads for real, through bulk add, remove, PUT and deletes', async () => {
    const owner = await createOwner(t.app);
    const tag = await createTag(owner.cookie, { name: 'Family' });
    const m1 = await addMember(t, owner.cookie);
    const m2 = await addMember(t, owner.cookie);
    const m3 = await addMember(t, owner.cookie);

    const bulk = await call(t.app, 'POST', `/api/tags/${tag.id}/members`, {
      cookie: owner.cookie,
      body: { memberIds: [m1.id, m2.id, m2.id] },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body).toEqual({ changed: 2, assigneeCount: 2 });
    // Already tagged members are left alone.
    const twice = await call(t.app, 'POST', `/api/tags/${tag.id}/members`, {
      cookie: owner.cookie,
      body: { memberIds: [m1.id, m3.id] },
    });
    expect(twice.body).toEqual({ changed: 1, assigneeCount: 3 });

    const leadId = await insertLead(owner.organization.id);
    const leadTags = await call(t.app, 'PUT', `/api/leads/${leadId}/tags`, {
      cookie: owner.cookie,
      body: { tagIds: [tag.id] },
    });
    expect(leadTags.status, leadTags.text).toBe(200);
    expect(leadTags.body.tags).toEqual([{ id: tag.id, name: 'Family', color: '#3b82f6' }]);
    expect((await listTags(owner.cookie))[0]!.assigneeCount).toBe(4);

    const removed = await call(t.app, 'POST', `/api/tags/${tag.id}/members/remove`, {
      cookie: owner.cookie,
      body: { memberIds: [m1.id] },
    });
    expect(removed.body).toEqual({ changed: 1, assigneeCount: 3 });

    // PUT sets exactly the given tags.
    const other = await createTag(owner.cookie, { name: 'Corporate', color: '#8b5cf6' });
    const set = await call(t.app, 'PUT', `/api/members/${m2.id}/tags`, {
      cookie: owner.cookie,
      body: { tagIds: [other.id] },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.tags.map((x: { name: string }) => x.name)).toEqual(['Corporate']);
    const read = await call(t.app, 'GET', `/api/members/${m2.id}/tags`, { cookie: owner.cookie });
    expect(read.body.tags).toEqual(set.body.tags);
    const counts = Object.fromEntries(
      (await listTags(owner.cookie)).map((x) => [x.name, x.assigneeCount]),
    );
    expect(counts).toEqual({ Corporate: 1, Family: 2 });

    // The directory filters by tag.
    const filtered = await call(t.app, 'GET', `/api/members?tagId=${tag.id}`, {
      cookie: owner.cookie,
    });
    expect(filtered.status, filtered.text).toBe(200);
    expect(filtered.body.items.map((x: { id: string }) => x.id)).toEqual([m3.id]);

    // Deleting the tag takes it off everyone.
    await call(t.app, 'DELETE', `/api/tags/${other.id}`, { cookie: owner.cookie });
    const after = await call(t.app, 'GET', `/api/members/${m2.id}/tags`, { cookie: owner.cookie });
    expect(after.body.tags).toEqual([]);
  });

  it('answers 404 for foreign or unknown tags, members and leads, changing nothing', async () => {
    const a = await createOwner(t.app);
    const b = await createOwner(t.app);
    const tagA = await createTag(a.cookie, { name: 'A only' });
    const memberA = await addMember(t, a.cookie);
    const tagB = await createTag(b.cookie, { name: 'B only' });
    const memberB = await addMember(t, b.cookie);
    const leadA = await insertLead(a.organization.id);

    const cases = [
      ['POST', `/api/tags/${tagA.id}/members`, { memberIds: [memberB.id] }, 'Tag not found'],
      ['POST', `/api/tags/${tagB.id}/members`, { memberIds: [memberA.id] }, 'Member not found'],
      ['PUT', `/api/members/${memberA.id}/tags`, { tagIds: [tagB.id] }, 'Member not found'],
      ['PUT', `/api/members/${memberB.id}/tags`, { tagIds: [tagA.id] }, 'Tag not found'],
      ['PUT', `/api/leads/${leadA}/tags`, { tagIds: [] }, 'Lead not found'],
      ['PATCH', `/api/tags/${tagA.id}`, { name: 'Mine now' }, 'Tag not found'],
      ['DELETE', `/api/tags/${tagA.id}`, undefined, 'Tag not found'],
      ['PATCH', `/api/tags/not-a-uuid`, { name: 'x' }, 'Tag not found'],
    ] as const;
    for (const [method, path, body, message] of cases) {
      const res = await call(t.app, method, path, { cookie: b.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.message).toBe(message);
    }
    // A mix of own and foreign members is refused whole.
    const mixed = await call(t.app, 'POST', `/api/tags/${tagB.id}/members`, {
      cookie: b.cookie,
      body: { memberIds: [memberB.id, memberA.id] },
    });
    expect(mixed.status).toBe(404);
    expect((await listTags(b.cookie))[0]!.assigneeCount).toBe(0);
    expect((await listTags(a.cookie))[0]).toMatchObject({ name: 'A only', assigneeCount: 0 });
  });

  it('bounds a bulk request to 1..500 members', async () => {
    const owner = await createOwner(t.app);
    const tag = await createTag(owner.cookie, { name: 'Bulk' });
    const none = await call(t.app, 'POST', `/api/tags/${tag.id}/members`, {
      cookie: owner.cookie,
      body: { memberIds: [] },
    });
    expect(none.status).toBe(400);
    expect(none.body.error.fields.memberIds).toBe('Choose at least one member');
    const many = await call(t.app, 'POST', `/api/tags/${tag.id}/members`, {
      cookie: owner.cookie,
      body: { memberIds: Array.from({ length: 501 }, () => randomUUID()) },
    });
    expect(many.status).toBe(400);
    expect(many.body.error.fields.memberIds).toBe('At most 500 members at a time');
  });

  it('lets staff see tags but only owners and admins manage them; trainers tag members', async () => {
    const owner = await createOwner(t.app);
    const staff = await personWithRole(t, owner.organization.id, 'staff');
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    const admin = await personWithRole(t, owner.organization.id, 'admin');
    const tag = await createTag(admin.cookie, { name: 'By admin' });
    const member = await addMember(t, owner.cookie);

    expect((await listTags(staff.cookie)).map((x) => x.name)).toEqual(['By admin']);
    for (const person of [staff, trainer]) {
      const res = await call(t.app, 'POST', '/api/tags', {
        cookie: person.cookie,
        body: { name: 'Nope' },
      });
      expect(res.status).toBe(403);
    }
    const byStaff = await call(t.app, 'PUT', `/api/members/${member.id}/tags`, {
      cookie: staff.cookie,
      body: { tagIds: [tag.id] },
    });
    expect(byStaff.status).toBe(403);
    const byTrainer = await call(t.app, 'PUT', `/api/members/${member.id}/tags`, {
      cookie: trainer.cookie,
      body: { tagIds: [tag.id] },
    });
    expect(byTrainer.status, byTrainer.text).toBe(200);
  });
});

describe('addTagToMember / removeTagFromMember (for automations)', () => {
  it('are idempotent and refuse an unknown or foreign tag with a 404', async () => {
    const owner = await createOwner(t.app);
    const other = await createOwner(t.app);
    const tag = await createTag(owner.cookie, { name: 'Welcomed' });
    const foreignTag = await createTag(other.cookie, { name: 'Foreign' });
    const member = await addMember(t, owner.cookie);
    const org = owner.organization.id;
    await runInStudio(t.deps.database.db, org, async (tx, unit) => {
      await addTagToMember(tx, unit, org, tag.id, member.id);
      await addTagToMember(tx, unit, org, tag.id, member.id);
    });
    expect((await listTags(owner.cookie))[0]!.assigneeCount).toBe(1);
    await expect(
      runInStudio(t.deps.database.db, org, (tx, unit) =>
        addTagToMember(tx, unit, org, foreignTag.id, member.id),
      ),
    ).rejects.toMatchObject({ code: 'not_found', message: 'Tag not found' });
    await runInStudio(t.deps.database.db, org, async (tx, unit) => {
      await removeTagFromMember(tx, unit, org, tag.id, member.id);
      await removeTagFromMember(tx, unit, org, tag.id, member.id);
    });
    expect((await listTags(owner.cookie))[0]!.assigneeCount).toBe(0);
    await expect(
      runInStudio(t.deps.database.db, org, (tx, unit) =>
        removeTagFromMember(tx, unit, org, randomUUID(), member.id),
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
