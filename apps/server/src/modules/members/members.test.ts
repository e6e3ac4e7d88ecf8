import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NEEDS_HOUSEHOLD_MESSAGE } from '@fitbase/domain/contracts/members';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';
import { members } from '../../db/schema/members.ts';
import {
  addMember,
  insertMembers,
  memberBody,
  personWithRole,
  validCard,
} from '../../../test/fixtures/members.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('POST /api/members', () => {
  it('creates a member: trimmed, empty optional text as null, country US, created_by the caller', async () => {
    const owner = await createOwner(t.app);
    const res = await call(t.app, 'POST', '/api/members', {
      cookie: owner.cookie,
      body: {
        firstName: '  Maria ',
        lastName: 'Lopez',
        email: ' maria@example.com ',
        phone: '',
        notes: '   ',
        gender: 'female',
        dateOfBirth: '1990-04-02',
        preferredWorkoutTimes: 'evening',
        experienceLevel: 'beginner',
        classInterests: ['Yoga', 'BJJ'],
        membershipType: 'Yoga',
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      firstName: 'Maria',
      email: 'maria@example.com',
      phone: null,
      notes: null,
      country: 'US',
      membershipStatus: 'active',
      classInterests: ['Yoga', 'BJJ'],
      dateOfBirth: '1990-04-02',
    });
    const [row] = await t.deps.database.db
      .select()
      .from(members)
      .where(eq(members.id, res.body.id));
    expect(row?.createdBy).toBe(owner.userId);
    expect(row?.organizationId).toBe(owner.organization.id);
  });

  it('validates with messages a person can act on', async () => {
    const owner = await createOwner(t.app);
    const today = new Date();
    const nextYear = `${today.getUTCFullYear() + 1}-01-01`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: '' }, 'firstName'],
      [{ lastName: '   ' }, 'lastName'],
      [{ email: 'not-an-email' }, 'email'],
      [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth'],
      [{ dateOfBirth: nextYear }, 'dateOfBirth'],
      [{ dateOfBirth: '2001-02-30' }, 'dateOfBirth'],
      [{ gender: 'robot' }, 'gender'],
      [{ preferredWorkoutTimes: 'midnight' }, 'preferredWorkoutTimes'],
      [{ experienceLevel: 'god' }, 'experienceLevel'],
      [{ membershipStartDate: '2024-05-01', membershipEndDate: '2024-04-01' }, 'membershipEndDate'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call(t.app, 'POST', '/api/members', {
        cookie: owner.cookie,
        body: memberBody(overrides),
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.fields).toHaveProperty(field);
    }
    const missing = await call(t.app, 'POST', '/api/members', { cookie: owner.cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toMatchObject({
      firstName: 'First name is required',
      // A member without an email must be in a household (docs/product/members.md#households).
      email: EMAIL_NEEDS_HOUSEHOLD_MESSAGE,
    });
  });

  it('refuses a duplicate email in the same organization (any case) but not in another', async () => {
    const owner = await createOwner(t.app);
    await addMember(t, owner.cookie, { email: 'dup@example.com' });
    const dup = await call(t.app, 'POST', '/api/members', {
      cookie: owner.cookie,
      body: memberBody({ email: 'DUP@Example.com' }),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(
      'A member with this email already exists in your organization',
    );
    // Keyed to the field, so the add-member wizard shows it under the email on step 1.
    expect(dup.body.error.fields).toEqual({
      email: 'A member with this email already exists in your organization',
    });
    const other = await createOwner(t.app);
    await addMember(t, other.cookie, { email: 'dup@example.com' });
  });

  it('enforces the basic plan limit of 100 members, naming the limit', async () => {
    const owner = await createOwner(t.app, 'basic');
    await insertMembers(t, owner.organization.id, 99);
    await addMember(t, owner.cookie);
    const res = await call(t.app, 'POST', '/api/members', {
      cookie: owner.cookie,
      body: memberBody(),
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('limit_reached');
    expect(res.body.error.message).toBe(
      'Your plan allows up to 100 members. Upgrade your plan to add more.',
    );
    const summary = await call(t.app, 'GET', '/api/members/summary', { cookie: owner.cookie });
    expect(summary.body.totalMembers).toBe(100);
  });

  it('never exceeds the limit under concurrent adds', async () => {
    const owner = await createOwner(t.app, 'basic');
    await insertMembers(t, owner.organization.id, 97);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, 'POST', '/api/members', { cookie: owner.cookie, body: memberBody() }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const summary = await call(t.app, 'GET', '/api/members/summary', { cookie: owner.cookie });
    expect(summary.body.totalMembers).toBe(100);
  });

  it('has no limit on enterprise', async () => {
    const owner = await createOwner(t.app, 'enterprise');
    await insertMembers(t, owner.organization.id, 501);
    await addMember(t, owner.cookie);
  });
});

describe('GET and PATCH /api/members/{id}', () => {
  it('reads and edits a member, including the membership status', async () => {
    const owner = await createOwner(t.app);
    const member = await addMember(t, owner.cookie, { phone: '555-0100', city: 'Austin' });
    const got = await call(t.app, 'GET', `/api/members/${member.id}`, { cookie: owner.cookie });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: member.id, phone: '555-0100', city: 'Austin' });
    const patched = await call(t.app, 'PATCH', `/api/members/${member.id}`, {
      cookie: owner.cookie,
      body: { membershipStatus: 'suspended', phone: '', lastName: ' Renamed ' },
    });
    expect(patched.status, patched.text).toBe(200);
    // Fields not sent stay as they were.
    expect(patched.body).toMatchObject({
      membershipStatus: 'suspended',
      phone: null,
      lastName: 'Renamed',
      city: 'Austin',
      country: 'US',
    });
  });

  it('validates the patch and refuses an email taken by another member', async () => {
    const owner = await createOwner(t.app);
    const a = await addMember(t, owner.cookie);
    const b = await addMember(t, owner.cookie);
    const bad = await call(t.app, 'PATCH', `/api/members/${a.id}`, {
      cookie: owner.cookie,
      body: { membershipStatus: 'frozen' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('membershipStatus');
    const empty = await call(t.app, 'PATCH', `/api/members/${a.id}`, {
      cookie: owner.cookie,
      body: { firstName: '' },
    });
    expect(empty.status).toBe(400);
    const taken = await call(t.app, 'PATCH', `/api/members/${a.id}`, {
      cookie: owner.cookie,
      body: { email: b.email.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(
      'A member with this email already exists in your organization',
    );
  });

  it('answers 404 "Member not found" for an unknown or malformed id', async () => {
    const owner = await createOwner(t.app);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await call(t.app, 'GET', `/api/members/${id}`, { cookie: owner.cookie });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Member not found');
    }
  });
});

describe('permission matrix', () => {
  it.each([
    ['admin', true],
    ['trainer', true],
    ['staff', false],
  ] as const)(
    '%s: view, add and check in always; edit and add payment methods: %s',
    async (role, canEdit) => {
      const owner = await createOwner(t.app);
      const member = await addMember(t, owner.cookie);
      const person = await personWithRole(t, owner.organization.id, role);
      const cookie = person.cookie;
      expect((await call(t.app, 'GET', '/api/members', { cookie })).status).toBe(200);
      expect((await call(t.app, 'GET', '/api/members/summary', { cookie })).status).toBe(200);
      expect((await call(t.app, 'GET', `/api/members/${member.id}`, { cookie })).status).toBe(200);
      expect(
        (await call(t.app, 'POST', '/api/members', { cookie, body: memberBody() })).status,
      ).toBe(201);
      expect(
        (await call(t.app, 'POST', `/api/members/${member.id}/visits`, { cookie })).status,
      ).toBe(201);
      expect(
        (await call(t.app, 'GET', `/api/members/${member.id}/visits`, { cookie })).status,
      ).toBe(200);
      expect(
        (await call(t.app, 'GET', `/api/members/${member.id}/payment-methods`, { cookie })).status,
      ).toBe(200);
      expect((await call(t.app, 'GET', '/api/dashboard/summary', { cookie })).status).toBe(200);

      const edit = await call(t.app, 'PATCH', `/api/members/${member.id}`, {
        cookie,
        body: { membershipStatus: 'inactive' },
      });
      const card = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
        cookie,
        body: validCard(),
      });
      if (canEdit) {
        expect(edit.status).toBe(200);
        expect(card.status).toBe(201);
      } else {
        for (const res of [edit, card]) {
          expect(res.status).toBe(403);
          expect(res.body.error.message).toContain('Your role does not allow this action');
        }
        const after = await call(t.app, 'GET', `/api/members/${member.id}`, {
          cookie: owner.cookie,
        });
        expect(after.body.membershipStatus).toBe('active');
      }
    },
  );

  it('needs a session and an organization', async () => {
    expect((await call(t.app, 'GET', '/api/members')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/dashboard/summary')).status).toBe(401);
    const loner = await signUp(t.app);
    const res = await call(t.app, 'GET', '/api/members', { cookie: loner.cookie });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('No organization selected');
    expect(res.body.error.code).toBe('no_organization');
  });

  it('publishes every members and dashboard route in the OpenAPI document', async () => {
    const doc = await call(t.app, 'GET', '/api/openapi.json');
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      '/api/members',
      '/api/members/summary',
      '/api/members/{id}',
      '/api/members/{id}/visits',
      '/api/members/{id}/payment-methods',
      '/api/dashboard/summary',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
