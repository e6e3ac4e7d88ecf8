import { like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, personWithRole } from '../../../test/fixtures/members.ts';
import { rateLimits } from '../../db/schema/auth.ts';
import { leads, leadTags, tags } from '../../db/schema/connect.ts';
import { LEAD_FORM_LIMIT } from './lead-form.service.ts';

// docs/product/connect-and-messaging.md#lead-sources-and-leads.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

// In-process requests all come from one address: each test starts with a fresh form budget.
beforeEach(async () => {
  await t.deps.database.db.delete(rateLimits).where(like(rateLimits.key, 'lead-form:%'));
});

type Owner = Awaited<ReturnType<typeof createOwner>>;

async function addSource(owner: Owner, name: string) {
  const res = await call(t.app, 'POST', '/api/lead-sources', {
    cookie: owner.cookie,
    body: { name },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string };
}

async function addLead(owner: Owner, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/leads', {
    cookie: owner.cookie,
    body: { firstName: 'Jamie', lastName: 'Lead', email: 'jamie@example.com', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const sourcesOf = async (owner: Owner) =>
  (await call(t.app, 'GET', '/api/lead-sources', { cookie: owner.cookie })).body.sources as Array<{
    id: string;
    name: string;
    leadCount: number;
    isActive: boolean;
  }>;

describe('lead sources', () => {
  it('lists by name with the real lead count, unique names, rename and deactivate', async () => {
    const owner = await createOwner(t.app);
    const walkIn = await addSource(owner, 'Walk-in');
    const instagram = await addSource(owner, 'instagram');
    const dup = await call(t.app, 'POST', '/api/lead-sources', {
      cookie: owner.cookie,
      body: { name: 'WALK-IN' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields).toEqual({ name: 'A lead source named WALK-IN already exists.' });
    const empty = await call(t.app, 'POST', '/api/lead-sources', {
      cookie: owner.cookie,
      body: { name: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.name).toBe('Name is required');

    await addLead(owner, { sourceId: walkIn.id });
    await addLead(owner, { sourceId: walkIn.id, email: 'b@example.com' });
    await addLead(owner, { sourceId: instagram.id, email: 'c@example.com' });
    expect(await sourcesOf(owner)).toMatchObject([
      { name: 'instagram', leadCount: 1, isActive: true },
      { name: 'Walk-in', leadCount: 2, isActive: true },
    ]);

    const off = await call(t.app, 'PATCH', `/api/lead-sources/${walkIn.id}`, {
      cookie: owner.cookie,
      body: { isActive: false, name: 'Walk-in visit' },
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ name: 'Walk-in visit', isActive: false, leadCount: 2 });
    const clash = await call(t.app, 'PATCH', `/api/lead-sources/${walkIn.id}`, {
      cookie: owner.cookie,
      body: { name: 'Instagram' },
    });
    expect(clash.status).toBe(409);

    // Everyone reads sources; only owners and admins change them.
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    expect((await call(t.app, 'GET', '/api/lead-sources', { cookie: trainer.cookie })).status).toBe(
      200,
    );
    const refused = await call(t.app, 'POST', '/api/lead-sources', {
      cookie: trainer.cookie,
      body: { name: 'Flyer' },
    });
    expect(refused.status).toBe(403);
  });
});

describe('leads', () => {
  it('goes new → contacted → trial (with its end) → lost, with owner, notes and tags', async () => {
    const owner = await createOwner(t.app);
    const source = await addSource(owner, 'Referral');
    const staff = await personWithRole(t, owner.organization.id, 'staff');
    const noContact = await call(t.app, 'POST', '/api/leads', {
      cookie: owner.cookie,
      body: { firstName: 'No', lastName: 'Contact' },
    });
    expect(noContact.status).toBe(400);
    expect(noContact.body.error.fields.email).toBe('Enter an email or a phone number');

    const lead = await addLead(owner, { sourceId: source.id, phone: '+1 555 0100', email: null });
    expect(lead).toMatchObject({
      status: 'new',
      sourceName: 'Referral',
      phone: '+1 555 0100',
      email: null,
      ownerName: null,
      trialEndsOn: null,
      tags: [],
    });

    // Staff work leads too: contacted, with an owner and notes.
    const contacted = await call(t.app, 'PATCH', `/api/leads/${lead.id}`, {
      cookie: staff.cookie,
      body: { status: 'contacted', ownerUserId: staff.userId, notes: 'Called, coming Monday' },
    });
    expect(contacted.status, contacted.text).toBe(200);
    expect(contacted.body).toMatchObject({ status: 'contacted', ownerUserId: staff.userId });
    expect(contacted.body.ownerName).toMatch(/^Person /);

    const noEnd = await call(t.app, 'PATCH', `/api/leads/${lead.id}`, {
      cookie: owner.cookie,
      body: { status: 'trial' },
    });
    expect(noEnd.status).toBe(400);
    expect(noEnd.body.error.fields.trialEndsOn).toBe(
      'Trial end date is required when the lead is on a trial',
    );
    const trial = await call(t.app, 'PATCH', `/api/leads/${lead.id}`, {
      cookie: owner.cookie,
      body: { status: 'trial', trialEndsOn: '2026-09-30' },
    });
    expect(trial.body).toMatchObject({ status: 'trial', trialEndsOn: '2026-09-30' });

    const stranger = await createOwner(t.app);
    const foreignOwner = await call(t.app, 'PATCH', `/api/leads/${lead.id}`, {
      cookie: owner.cookie,
      body: { ownerUserId: stranger.userId },
    });
    expect(foreignOwner.status).toBe(400);
    expect(foreignOwner.body.error.fields.ownerUserId).toBe(
      'The owner must be a person of your studio',
    );
    const noConverting = await call(t.app, 'PATCH', `/api/leads/${lead.id}`, {
      cookie: owner.cookie,
      body: { status: 'converted' },
    });
    expect(noConverting.status).toBe(400);

    // Tags are assigned by the tags module; a lead shows them.
    const [tag] = await t.deps.database.db
      .insert(tags)
      .values({ organizationId: owner.organization.id, name: 'Hot', color: '#ef4444' })
      .returning();
    await t.deps.database.db
      .insert(leadTags)
      .values({ organizationId: owner.organization.id, leadId: lead.id, tagId: tag!.id });
    const read = await call(t.app, 'GET', `/api/leads/${lead.id}`, { cookie: owner.cookie });
    expect(read.body.tags).toEqual([{ id: tag!.id, name: 'Hot', color: '#ef4444' }]);

    const lost = await call(t.app, 'PATCH', `/api/leads/${lead.id}`, {
      cookie: owner.cookie,
      body: { status: 'lost' },
    });
    expect(lost.body.status).toBe('lost');
  });

  it('lists newest first, filtered by status, source and search, in keyset pages', async () => {
    const owner = await createOwner(t.app);
    const flyer = await addSource(owner, 'Flyer');
    for (let i = 0; i < 5; i++)
      await addLead(owner, {
        firstName: `Lead${i}`,
        email: `lead${i}@example.com`,
        sourceId: i % 2 === 0 ? flyer.id : null,
      });
    await addLead(owner, { firstName: 'Percent%', email: 'pct@example.com', status: 'contacted' });
    const first = await call(t.app, 'GET', '/api/leads?limit=4', { cookie: owner.cookie });
    expect(first.body.items.map((l: { firstName: string }) => l.firstName)).toEqual([
      'Percent%',
      'Lead4',
      'Lead3',
      'Lead2',
    ]);
    const second = await call(t.app, 'GET', `/api/leads?limit=4&cursor=${first.body.nextCursor}`, {
      cookie: owner.cookie,
    });
    expect(second.body.items.map((l: { firstName: string }) => l.firstName)).toEqual([
      'Lead1',
      'Lead0',
    ]);
    expect(second.body.nextCursor).toBeNull();
    const bySource = await call(t.app, 'GET', `/api/leads?sourceId=${flyer.id}`, {
      cookie: owner.cookie,
    });
    expect(bySource.body.items).toHaveLength(3);
    const byStatus = await call(t.app, 'GET', '/api/leads?status=contacted', {
      cookie: owner.cookie,
    });
    expect(byStatus.body.items).toHaveLength(1);
    const search = await call(t.app, 'GET', '/api/leads?search=%25', { cookie: owner.cookie });
    expect(search.body.items.map((l: { firstName: string }) => l.firstName)).toEqual(['Percent%']);
    const byEmail = await call(t.app, 'GET', '/api/leads?search=LEAD3%40', {
      cookie: owner.cookie,
    });
    expect(byEmail.body.items).toHaveLength(1);
    const badCursor = await call(t.app, 'GET', '/api/leads?cursor=nope', { cookie: owner.cookie });
    expect(badCursor.status).toBe(400);
  });

  it('converts once, to a member of the studio, keeping the link', async () => {
    const owner = await createOwner(t.app);
    const lead = await addLead(owner, {});
    const other = await createOwner(t.app);
    const foreignMember = await addMember(t, other.cookie);
    const foreign = await call(t.app, 'POST', `/api/leads/${lead.id}/convert`, {
      cookie: owner.cookie,
      body: { memberId: foreignMember.id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Member not found');

    const member = await addMember(t, owner.cookie, { email: lead.email });
    const converted = await call(t.app, 'POST', `/api/leads/${lead.id}/convert`, {
      cookie: owner.cookie,
      body: { memberId: member.id },
    });
    expect(converted.status, converted.text).toBe(200);
    expect(converted.body).toMatchObject({ status: 'converted', memberId: member.id });
    const again = await call(t.app, 'POST', `/api/leads/${lead.id}/convert`, {
      cookie: owner.cookie,
      body: { memberId: member.id },
    });
    expect(again.status).toBe(409);
    const reopen = await call(t.app, 'PATCH', `/api/leads/${lead.id}`, {
      cookie: owner.cookie,
      body: { status: 'contacted' },
    });
    expect(reopen.status).toBe(409);
  });
});

describe('the public lead form', () => {
  it('shows the studio and its active sources, and 404 for an unknown slug', async () => {
    const owner = await createOwner(t.app);
    const google = await addSource(owner, 'Google');
    const old = await addSource(owner, 'Newspaper');
    await call(t.app, 'PATCH', `/api/lead-sources/${old.id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    const info = await call(t.app, 'GET', `/api/public/join/${owner.organization.slug}`);
    expect(info.status, info.text).toBe(200);
    expect(info.body).toEqual({
      studioName: `Gym ${owner.organization.slug}`,
      slug: owner.organization.slug,
      sources: [{ id: google.id, name: 'Google' }],
    });
    const unknown = await call(t.app, 'GET', '/api/public/join/no-such-studio');
    expect(unknown.status).toBe(404);
    const unknownPost = await call(t.app, 'POST', '/api/public/join/no-such-studio', {
      body: { firstName: 'A', lastName: 'B', email: 'a@example.com' },
    });
    expect(unknownPost.status).toBe(404);
  });

  it('creates a new lead with its source; a filled honeypot answers 201 and stores nothing', async () => {
    const owner = await createOwner(t.app);
    const google = await addSource(owner, 'Google');
    const path = `/api/public/join/${owner.organization.slug}`;
    const sent = await call(t.app, 'POST', path, {
      body: {
        firstName: 'Robin',
        lastName: 'Prospect',
        email: 'Robin@Example.com',
        phone: '',
        sourceId: google.id,
        website: '',
      },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toEqual({ received: true });
    const bot = await call(t.app, 'POST', path, {
      body: {
        firstName: 'Spam',
        lastName: 'Bot',
        email: 'bot@example.com',
        website: 'http://spam.example',
      },
    });
    expect(bot.status).toBe(201);
    expect(bot.body).toEqual({ received: true });
    const list = await call(t.app, 'GET', '/api/leads', { cookie: owner.cookie });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({
      firstName: 'Robin',
      email: 'robin@example.com',
      phone: null,
      status: 'new',
      sourceName: 'Google',
    });
    expect((await sourcesOf(owner))[0]).toMatchObject({ name: 'Google', leadCount: 1 });

    // A source of another studio (or a deactivated one) is refused, naming the field.
    const other = await createOwner(t.app);
    const foreign = await addSource(other, 'Theirs');
    const wrong = await call(t.app, 'POST', path, {
      body: { firstName: 'A', lastName: 'B', email: 'ab@example.com', sourceId: foreign.id },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.sourceId).toBe('Choose one of the options');
    const invalid = await call(t.app, 'POST', path, {
      body: { firstName: '', lastName: 'B' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields.firstName).toBe('First name is required');
    const stored = await t.deps.database.db
      .select()
      .from(leads)
      .where(like(leads.email, '%@example.com'));
    expect(stored.filter((l) => l.organizationId === owner.organization.id)).toHaveLength(1);
  });

  it('limits submissions per address, with Retry-After', async () => {
    const owner = await createOwner(t.app);
    const path = `/api/public/join/${owner.organization.slug}`;
    for (let i = 0; i < LEAD_FORM_LIMIT.max; i++) {
      const ok = await call(t.app, 'POST', path, {
        body: { firstName: 'P', lastName: `${i}`, email: `p${i}@example.com` },
      });
      expect(ok.status, ok.text).toBe(201);
    }
    const limited = await call(t.app, 'POST', path, {
      body: { firstName: 'P', lastName: 'X', email: 'px@example.com' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LEAD_FORM_LIMIT.windowMs / 1000);
    const list = await call(t.app, 'GET', '/api/leads?limit=100', { cookie: owner.cookie });
    expect(list.body.items).toHaveLength(LEAD_FORM_LIMIT.max);
  });
});
