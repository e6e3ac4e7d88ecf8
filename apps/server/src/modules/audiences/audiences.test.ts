import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers, personWithRole } from '../../../test/fixtures/members.ts';
import { leads, leadSources, memberTags, tags } from '../../db/schema/connect.ts';
import { members, memberVisits } from '../../db/schema/members.ts';
import { memberships } from '../../db/schema/money.ts';
import { audienceMemberIdsSql, countAudienceMembers } from './audiences.service.ts';

// docs/product/connect-and-messaging.md#audiences-and-member-groups: every rule kind against
// seeded members, each rule including someone and excluding someone.

let t: TestContext;
type Owner = Awaited<ReturnType<typeof createOwner>>;
let a: Owner;
let b: Owner;
const m: Record<'ann' | 'ben' | 'cat' | 'dan', string> = { ann: '', ben: '', cat: '', dan: '' };
const ids = { planA: '', planB: '', foreignPlan: '', tag: '', foreignTag: '', web: '', flyer: '' };

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const today = isoDay(new Date());
const [year, month] = today.split('-').map(Number) as [number, number];
// 28 years (a multiple of 4): today's month and day exist that year, 29 February included.
const annBirth = `${year - 28}${today.slice(4)}`;
const danBirth = isoDay(new Date(Date.parse(annBirth) + DAY)); // 28 tomorrow: 27 today
const benMonth = (month % 12) + 1;

async function plan(cookie: string, name: string) {
  const res = await call(t.app, 'POST', '/api/plans', {
    cookie,
    body: { name, kind: 'class_pack', price: '100.00', credits: 10, validityDays: 90 },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createOwner(t.app, 'pro');
  b = await createOwner(t.app, 'pro');
  const db = t.deps.database.db;
  const org = a.organization.id;
  const seeded = await insertMembers(
    t,
    org,
    4,
    (i) =>
      [
        {
          firstName: 'Ann',
          lastName: 'Active',
          membershipStatus: 'active' as const,
          createdAt: ago(2),
          dateOfBirth: annBirth,
        },
        {
          firstName: 'Ben',
          lastName: 'Dormant',
          membershipStatus: 'inactive' as const,
          createdAt: ago(400),
          dateOfBirth: `1950-${String(benMonth).padStart(2, '0')}-15`,
        },
        {
          firstName: 'Cat',
          lastName: 'Paused',
          membershipStatus: 'suspended' as const,
          createdAt: new Date('2024-03-10T12:00:00Z'),
          dateOfBirth: null,
        },
        {
          firstName: 'Dan',
          lastName: 'Young',
          membershipStatus: 'cancelled' as const,
          createdAt: ago(90),
          dateOfBirth: danBirth,
        },
      ][i]!,
  );
  [m.ann, m.ben, m.cat, m.dan] = seeded.map((r) => r.id) as [string, string, string, string];
  // Studio B has members who would meet every rule: none may ever appear in studio A's groups.
  await insertMembers(t, b.organization.id, 2, () => ({ createdAt: ago(1) }));

  ids.planA = await plan(a.cookie, 'Unlimited');
  ids.planB = await plan(a.cookie, 'Ten pack');
  ids.foreignPlan = await plan(b.cookie, 'Foreign');
  await db.insert(memberships).values([
    { organizationId: org, memberId: m.ann, planId: ids.planA, price: '100', startDate: today },
    // A cancelled membership of the same plan does not count.
    {
      organizationId: org,
      memberId: m.ben,
      planId: ids.planA,
      price: '100',
      startDate: '2024-01-01',
      status: 'cancelled',
    },
    { organizationId: org, memberId: m.dan, planId: ids.planB, price: '100', startDate: today },
  ]);
  const [vip, foreignTag] = await db
    .insert(tags)
    .values([
      { organizationId: org, name: 'VIP' },
      { organizationId: b.organization.id, name: 'VIP' },
    ])
    .returning({ id: tags.id });
  ids.tag = vip!.id;
  ids.foreignTag = foreignTag!.id;
  await db.insert(memberTags).values({ organizationId: org, memberId: m.cat, tagId: ids.tag });
  const [web, flyer] = await db
    .insert(leadSources)
    .values([
      { organizationId: org, name: 'Website' },
      { organizationId: org, name: 'Flyer' },
    ])
    .returning({ id: leadSources.id });
  ids.web = web!.id;
  ids.flyer = flyer!.id;
  await db.insert(leads).values([
    {
      organizationId: org,
      firstName: 'Ann',
      lastName: 'A',
      email: 'a@x.io',
      sourceId: ids.web,
      memberId: m.ann,
    },
    {
      organizationId: org,
      firstName: 'Ben',
      lastName: 'B',
      email: 'b@x.io',
      sourceId: ids.flyer,
      memberId: m.ben,
    },
    // A lead of that source that is not (yet) a member.
    { organizationId: org, firstName: 'Eve', lastName: 'E', email: 'e@x.io', sourceId: ids.web },
  ]);
  await db.insert(memberVisits).values([
    { organizationId: org, memberId: m.ann, visitDate: ago(1) },
    { organizationId: org, memberId: m.ben, visitDate: ago(60) },
    { organizationId: org, memberId: m.dan, visitDate: ago(20) },
  ]);
}, 60_000);
afterAll(async () => t?.close());

async function createGroup(cookie: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/audiences', { cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; memberCount: number; kind: string };
}

async function memberIdsOf(cookie: string, id: string): Promise<string[]> {
  const res = await call(t.app, 'GET', `/api/audiences/${id}/members?pageSize=100`, { cookie });
  expect(res.status, res.text).toBe(200);
  expect(res.body.total).toBe(res.body.members.length);
  return (res.body.members as { id: string }[]).map((r) => r.id).sort();
}

/** Who a dynamic group of `rules` holds, checked three ways: its members, its count, the preview. */
async function selected(rules: unknown[]): Promise<string[]> {
  const group = await createGroup(a.cookie, {
    name: `Rule ${randomUUID()}`,
    kind: 'dynamic',
    rules,
  });
  const found = await memberIdsOf(a.cookie, group.id);
  expect(group.memberCount).toBe(found.length);
  const preview = await call(t.app, 'POST', '/api/audiences/preview', {
    cookie: a.cookie,
    body: { rules },
  });
  expect(preview.body).toEqual({ count: found.length });
  return found;
}
const only = (...names: (keyof typeof m)[]) => names.map((n) => m[n]).sort();

describe('dynamic group rules', () => {
  it('membership status in a set', async () => {
    expect(await selected([{ type: 'status', statuses: ['active'] }])).toEqual(only('ann'));
    expect(await selected([{ type: 'status', statuses: ['inactive', 'suspended'] }])).toEqual(
      only('ben', 'cat'),
    );
  });

  it('has an active membership of a plan (a cancelled one does not count)', async () => {
    expect(await selected([{ type: 'plan', planIds: [ids.planA] }])).toEqual(only('ann'));
    expect(await selected([{ type: 'plan', planIds: [ids.planA, ids.planB] }])).toEqual(
      only('ann', 'dan'),
    );
  });

  it('has tag', async () => {
    expect(await selected([{ type: 'tag', tagId: ids.tag }])).toEqual(only('cat'));
  });

  it('joined within N days, or between dates (calendar days, both included)', async () => {
    expect(await selected([{ type: 'joined_within_days', days: 30 }])).toEqual(only('ann'));
    expect(await selected([{ type: 'joined_within_days', days: 100 }])).toEqual(only('ann', 'dan'));
    expect(
      await selected([{ type: 'joined_between', from: '2024-03-10', to: '2024-03-10' }]),
    ).toEqual(only('cat'));
    expect(
      await selected([{ type: 'joined_between', from: '2024-03-11', to: '2024-12-31' }]),
    ).toEqual([]);
  });

  it('last visit within N days, not within N days (never included), never', async () => {
    expect(await selected([{ type: 'visited_within_days', days: 30 }])).toEqual(only('ann', 'dan'));
    expect(await selected([{ type: 'not_visited_within_days', days: 30 }])).toEqual(
      only('ben', 'cat'),
    );
    expect(await selected([{ type: 'never_visited' }])).toEqual(only('cat'));
  });

  it('birthday month', async () => {
    const ben = await selected([{ type: 'birthday_month', month: benMonth }]);
    expect(ben).toContain(m.ben);
    expect(ben).not.toContain(m.ann);
    expect(ben).not.toContain(m.cat);
    expect(await selected([{ type: 'birthday_month', month }])).toContain(m.ann);
  });

  it('lead source (leads converted to the member)', async () => {
    expect(await selected([{ type: 'lead_source', sourceIds: [ids.web] }])).toEqual(only('ann'));
    expect(await selected([{ type: 'lead_source', sourceIds: [ids.web, ids.flyer] }])).toEqual(
      only('ann', 'ben'),
    );
  });

  it('age between, in whole years as of today (no birth date never matches)', async () => {
    expect(await selected([{ type: 'age_between', min: 28, max: 28 }])).toEqual(only('ann'));
    expect(await selected([{ type: 'age_between', min: 27, max: 27 }])).toEqual(only('dan'));
    expect(await selected([{ type: 'age_between', min: 70, max: 130 }])).toEqual(only('ben'));
    expect(await selected([{ type: 'age_between', min: 0, max: 130 }])).toEqual(
      only('ann', 'ben', 'dan'),
    );
  });

  it('a member must meet every rule', async () => {
    expect(
      await selected([
        { type: 'visited_within_days', days: 30 },
        { type: 'plan', planIds: [ids.planB] },
      ]),
    ).toEqual(only('dan'));
  });

  it('counts live: a member who comes to meet the rules is in the group', async () => {
    const group = await createGroup(a.cookie, {
      name: 'Tagged',
      kind: 'dynamic',
      rules: [{ type: 'tag', tagId: ids.tag }],
    });
    expect(group.memberCount).toBe(1);
    await t.deps.database.db
      .insert(memberTags)
      .values({ organizationId: a.organization.id, memberId: m.dan, tagId: ids.tag });
    const res = await call(t.app, 'GET', `/api/audiences/${group.id}`, { cookie: a.cookie });
    expect(res.body.memberCount).toBe(2);
    await t.deps.database.db.delete(memberTags).where(inArray(memberTags.memberId, [m.dan]));
  });
});

describe('rule validation', () => {
  it('refuses a plan, tag or lead source that is not the studio’s, naming the rule', async () => {
    const res = await call(t.app, 'POST', '/api/audiences', {
      cookie: a.cookie,
      body: {
        name: 'Bad',
        kind: 'dynamic',
        rules: [
          { type: 'status', statuses: ['active'] },
          { type: 'plan', planIds: [ids.foreignPlan] },
          { type: 'tag', tagId: ids.foreignTag },
          { type: 'lead_source', sourceIds: [randomUUID()] },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.message).toBe('Rule 2 (Has plan): a plan not found in this studio');
    expect(Object.keys(res.body.error.fields)).toEqual([
      'rules.1.planIds',
      'rules.2.tagId',
      'rules.3.sourceIds',
    ]);
    const preview = await call(t.app, 'POST', '/api/audiences/preview', {
      cookie: a.cookie,
      body: { rules: [{ type: 'tag', tagId: ids.foreignTag }] },
    });
    expect(preview.status).toBe(400);
  });

  it('refuses a dynamic group without rules, a manual one with rules, and bad values', async () => {
    const post = (body: unknown) =>
      call(t.app, 'POST', '/api/audiences', { cookie: a.cookie, body });
    const empty = await post({ name: 'Empty', kind: 'dynamic', rules: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ rules: 'Add at least one rule' });
    const manual = await post({ name: 'M', kind: 'manual', rules: [{ type: 'never_visited' }] });
    expect(manual.body.error.fields).toEqual({ rules: 'A manual group has no rules' });
    const month = await post({
      name: 'B',
      kind: 'dynamic',
      rules: [{ type: 'birthday_month', month: 13 }],
    });
    expect(month.body.error.fields).toEqual({ 'rules.0.month': 'Month must be 1 to 12' });
    const age = await post({
      name: 'A',
      kind: 'dynamic',
      rules: [{ type: 'age_between', min: 40, max: 30 }],
    });
    expect(age.body.error.fields).toEqual({
      'rules.0.max': 'Maximum age must be at least the minimum age',
    });
    const unnamed = await post({ name: '  ', kind: 'manual' });
    expect(unnamed.body.error.fields).toEqual({ name: 'Name is required' });
    const list = await call(t.app, 'GET', '/api/audiences', { cookie: a.cookie });
    expect(list.body.audiences.map((g: { name: string }) => g.name)).not.toContain('Empty');
  });
});

describe('manual groups', () => {
  it('adds and removes members by hand, idempotently, with a live count', async () => {
    const group = await createGroup(a.cookie, { name: 'Family Smith', kind: 'manual' });
    expect(group.memberCount).toBe(0);
    const path = `/api/audiences/${group.id}/members`;
    const add = await call(t.app, 'POST', path, {
      cookie: a.cookie,
      body: { memberIds: [m.ann, m.ben, m.ann] },
    });
    expect(add.status, add.text).toBe(200);
    expect(add.body).toEqual({ added: 2, memberCount: 2 });
    const again = await call(t.app, 'POST', path, {
      cookie: a.cookie,
      body: { memberIds: [m.ann] },
    });
    expect(again.body).toEqual({ added: 0, memberCount: 2 });
    expect(await memberIdsOf(a.cookie, group.id)).toEqual(only('ann', 'ben'));

    const search = await call(t.app, 'GET', `${path}?search=dorm`, { cookie: a.cookie });
    expect(search.body.members.map((r: { id: string }) => r.id)).toEqual([m.ben]);

    const removed = await call(t.app, 'DELETE', `${path}/${m.ben}`, { cookie: a.cookie });
    expect(removed.status).toBe(204);
    const twice = await call(t.app, 'DELETE', `${path}/${m.ben}`, { cookie: a.cookie });
    expect(twice.status).toBe(404);
    const got = await call(t.app, 'GET', `/api/audiences/${group.id}`, { cookie: a.cookie });
    expect(got.body.memberCount).toBe(1);
  });

  it('refuses another studio’s member (or an unknown one) and adds nobody', async () => {
    const group = await createGroup(a.cookie, { name: 'Corporate', kind: 'manual' });
    const [foreign] = await t.deps.database.db
      .select({ id: members.id })
      .from(members)
      .where(inArray(members.organizationId, [b.organization.id]));
    for (const other of [foreign!.id, randomUUID()]) {
      const res = await call(t.app, 'POST', `/api/audiences/${group.id}/members`, {
        cookie: a.cookie,
        body: { memberIds: [m.ann, other] },
      });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Member not found');
    }
    expect(await memberIdsOf(a.cookie, group.id)).toEqual([]);
  });

  it('a dynamic group refuses adding and removing by hand with 409', async () => {
    const group = await createGroup(a.cookie, {
      name: 'Regulars',
      kind: 'dynamic',
      rules: [{ type: 'visited_within_days', days: 30 }],
    });
    const add = await call(t.app, 'POST', `/api/audiences/${group.id}/members`, {
      cookie: a.cookie,
      body: { memberIds: [m.cat] },
    });
    expect(add.status).toBe(409);
    expect(add.body.error.message).toMatch(/^Regulars is a dynamic group/);
    const remove = await call(t.app, 'DELETE', `/api/audiences/${group.id}/members/${m.ann}`, {
      cookie: a.cookie,
    });
    expect(remove.status).toBe(409);
  });
});

describe('groups', () => {
  it('lists oldest first, updates name and rules, deletes (members stay)', async () => {
    const owner = await createOwner(t.app, 'pro');
    const [x] = await insertMembers(t, owner.organization.id, 1);
    const first = await createGroup(owner.cookie, { name: 'First', kind: 'manual' });
    const second = await createGroup(owner.cookie, {
      name: 'Second',
      description: 'Everyone active',
      kind: 'dynamic',
      rules: [{ type: 'status', statuses: ['active'] }],
    });
    const list = await call(t.app, 'GET', '/api/audiences', { cookie: owner.cookie });
    expect(list.body.audiences).toMatchObject([
      { id: first.id, name: 'First', kind: 'manual', rules: null, memberCount: 0 },
      {
        id: second.id,
        description: 'Everyone active',
        kind: 'dynamic',
        rules: [{ type: 'status', statuses: ['active'] }],
        memberCount: 1,
      },
    ]);
    const patched = await call(t.app, 'PATCH', `/api/audiences/${second.id}`, {
      cookie: owner.cookie,
      body: { name: 'Cancelled', rules: [{ type: 'status', statuses: ['cancelled'] }] },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Cancelled', memberCount: 0 });
    const manualRules = await call(t.app, 'PATCH', `/api/audiences/${first.id}`, {
      cookie: owner.cookie,
      body: { rules: [{ type: 'never_visited' }] },
    });
    expect(manualRules.status).toBe(400);
    const deleted = await call(t.app, 'DELETE', `/api/audiences/${second.id}`, {
      cookie: owner.cookie,
    });
    expect(deleted.status).toBe(204);
    const after = await call(t.app, 'GET', `/api/audiences/${second.id}`, { cookie: owner.cookie });
    expect(after.status).toBe(404);
    expect(after.body.error.message).toBe('Group not found');
    const member = await call(t.app, 'GET', `/api/members/${x!.id}`, { cookie: owner.cookie });
    expect(member.status).toBe(200);
  });

  it('another studio’s group answers 404 like a missing one', async () => {
    const group = await createGroup(a.cookie, { name: 'Private', kind: 'manual' });
    for (const path of [`/api/audiences/${group.id}`, `/api/audiences/${group.id}/members`]) {
      const res = await call(t.app, 'GET', path, { cookie: b.cookie });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Group not found');
    }
    const list = await call(t.app, 'GET', '/api/audiences', { cookie: b.cookie });
    expect(list.body.audiences).toEqual([]);
  });

  it('staff and trainers view groups; only owners and admins change them', async () => {
    const group = await createGroup(a.cookie, { name: 'Team', kind: 'manual' });
    for (const role of ['staff', 'trainer', 'admin'] as const) {
      const person = await personWithRole(t, a.organization.id, role);
      const view = await call(t.app, 'GET', `/api/audiences/${group.id}/members`, {
        cookie: person.cookie,
      });
      expect(view.status).toBe(200);
      const add = await call(t.app, 'POST', `/api/audiences/${group.id}/members`, {
        cookie: person.cookie,
        body: { memberIds: [m.ann] },
      });
      expect(add.status).toBe(role === 'admin' ? 200 : 403);
    }
  });
});

describe('audienceMemberIdsSql and countAudienceMembers (for campaigns and push)', () => {
  it('gives a subquery of the group’s member ids, and 404 for a foreign group', async () => {
    const db = t.deps.database.db;
    const group = await createGroup(a.cookie, {
      name: 'Subquery',
      kind: 'dynamic',
      rules: [{ type: 'status', statuses: ['active', 'cancelled'] }],
    });
    const sub = await audienceMemberIdsSql(db, a.organization.id, group.id);
    // As campaigns use it: sql`${members.id} in (${sub})` around the bare select.
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .where(sql`${members.organizationId} = ${a.organization.id} and ${members.id} in (${sub})`);
    expect(rows.map((r) => r.id).sort()).toEqual(only('ann', 'dan'));
    expect(await countAudienceMembers(db, a.organization.id, group.id)).toBe(2);
    await expect(audienceMemberIdsSql(db, b.organization.id, group.id)).rejects.toMatchObject({
      code: 'not_found',
      message: 'Group not found',
    });
  });
});
