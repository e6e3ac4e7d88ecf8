import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';

// docs/product/member-portal.md#profile

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  slug = owner.organization.slug;
});
afterAll(async () => t?.close());

describe('the Profile page', () => {
  it("shows the member's own details, never the studio's notes about them", async () => {
    const member = await addMember(t, owner.cookie, {
      phone: '555-0100',
      notes: 'Owes a towel',
      medicalConditions: 'Asthma',
    });
    const { cookie } = await signInMember(t, slug, member.email);
    const res = await call(t.app, 'GET', `/api/m/${slug}/profile`, { cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      email: member.email,
      phone: '555-0100',
      marketingConsent: false,
    });
    expect(res.text).not.toContain('Owes a towel');
    expect(res.text).not.toContain('Asthma');
  });

  it('changes contact details, emergency contact and consent; the studio sees them', async () => {
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const res = await call(t.app, 'PATCH', `/api/m/${slug}/profile`, {
      cookie,
      body: {
        phone: '555-0199',
        emergencyContactName: 'Sam Doe',
        emergencyContactPhone: '555-0142',
        marketingConsent: true,
        email: 'hijack@example.com',
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      phone: '555-0199',
      emergencyContactName: 'Sam Doe',
      marketingConsent: true,
    });
    const staff = await call(t.app, 'GET', `/api/members/${member.id}`, { cookie: owner.cookie });
    expect(staff.body).toMatchObject({
      email: member.email,
      phone: '555-0199',
      marketingConsent: true,
    });
    expect(staff.body.marketingConsentAt).not.toBeNull();
    const bad = await call(t.app, 'PATCH', `/api/m/${slug}/profile`, {
      cookie,
      body: { firstName: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.firstName).toBeDefined();
  });

  it('gives a check-in code, the same until the member rotates it', async () => {
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const first = await call(t.app, 'GET', `/api/m/${slug}/check-in-code`, { cookie });
    expect(first.status, first.text).toBe(200);
    expect(first.body.code).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect((await call(t.app, 'GET', `/api/m/${slug}/check-in-code`, { cookie })).body.code).toBe(
      first.body.code,
    );
    const rotated = await call(t.app, 'POST', `/api/m/${slug}/check-in-code/rotate`, { cookie });
    expect(rotated.body.code).not.toBe(first.body.code);
    expect((await call(t.app, 'GET', `/api/m/${slug}/check-in-code`, { cookie })).body.code).toBe(
      rotated.body.code,
    );
  });
});
