import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('POST /api/organizations', () => {
  it('creates the organization with the caller as owner and makes it current', async () => {
    const person = await signUp(t.app);
    const res = await call(t.app, 'POST', '/api/organizations', {
      cookie: person.cookie,
      body: {
        name: 'Iron Temple Gym!',
        slug: 'iron-temple-gym',
        subscriptionTier: 'pro',
        timezone: 'Europe/Paris',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'iron-temple-gym',
      role: 'owner',
      subscriptionTier: 'pro',
      maxMembers: 500,
      timezone: 'Europe/Paris',
      trialEndsAt: null,
    });
    const me = await call(t.app, 'GET', '/api/me', { cookie: person.cookie });
    expect(me.body.currentOrganizationId).toBe(res.body.id);
    expect(me.body.organizations).toHaveLength(1);
    expect(me.body.organizations[0].role).toBe('owner');
  });

  it('starts a trial 14 days ahead with no member limit', async () => {
    const person = await signUp(t.app);
    const before = Date.now();
    const res = await call(t.app, 'POST', '/api/organizations', {
      cookie: person.cookie,
      body: { name: 'Trial Box', slug: 'trial-box', subscriptionTier: 'trial' },
    });
    expect(res.status).toBe(201);
    expect(res.body.maxMembers).toBeNull();
    expect(res.body.subscriptionStatus).toBe('trialing');
    const ends = Date.parse(res.body.trialEndsAt);
    expect(ends - before).toBeGreaterThanOrEqual(14 * 86_400_000 - 5_000);
    expect(ends - before).toBeLessThanOrEqual(14 * 86_400_000 + 5_000);
  });

  it('sets max_members per tier', async () => {
    for (const [tier, limit] of [
      ['basic', 100],
      ['enterprise', null],
    ] as const) {
      const owner = await createOwner(t.app, tier);
      const me = await call(t.app, 'GET', '/api/me', { cookie: owner.cookie });
      expect(me.body.organizations[0].maxMembers).toBe(limit);
    }
  });

  it('refuses a taken slug with 409 and a clear message, creating nothing', async () => {
    const first = await createOwner(t.app);
    const person = await signUp(t.app);
    const res = await call(t.app, 'POST', '/api/organizations', {
      cookie: person.cookie,
      body: { name: 'Copy', slug: first.organization.slug, subscriptionTier: 'trial' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('already taken');
    const me = await call(t.app, 'GET', '/api/me', { cookie: person.cookie });
    expect(me.body.organizations).toHaveLength(0);
  });

  it("refuses another studio's former slug (its old links still redirect there)", async () => {
    const first = await createOwner(t.app);
    const renamed = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: first.cookie,
      body: { slug: `${first.organization.slug}-new` },
    });
    expect(renamed.status).toBe(200);
    const person = await signUp(t.app);
    const res = await call(t.app, 'POST', '/api/organizations', {
      cookie: person.cookie,
      body: { name: 'Copy', slug: first.organization.slug, subscriptionTier: 'trial' },
    });
    expect(res.status).toBe(409);
  });

  it('validates the body with messages a person can act on', async () => {
    const person = await signUp(t.app);
    const cases = [
      [{ name: '', slug: 'ok-slug', subscriptionTier: 'trial' }, 'name'],
      [{ name: 'Gym', slug: 'Bad Slug!', subscriptionTier: 'trial' }, 'slug'],
      [{ name: 'Gym', slug: 'good', subscriptionTier: 'gold' }, 'subscriptionTier'],
      [
        { name: 'Gym', slug: 'good', subscriptionTier: 'trial', timezone: 'Mars/Olympus' },
        'timezone',
      ],
    ] as const;
    for (const [body, field] of cases) {
      const res = await call(t.app, 'POST', '/api/organizations', { cookie: person.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.fields).toHaveProperty(field);
    }
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'POST', '/api/organizations', {
      body: { name: 'X', slug: 'xx', subscriptionTier: 'trial' },
    });
    expect(res.status).toBe(401);
  });
});
