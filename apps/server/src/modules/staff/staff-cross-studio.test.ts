import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { organizationUsers, staffInvitations } from '../../db/schema/organizations.ts';
import {
  addStaff,
  findStaffRow,
  STAFF_PASSWORD,
  staffEmail,
} from '../../../test/fixtures/staff.ts';

/**
 * A person can belong to several studios. What one studio says about them (name, department)
 * must never show in another, nor in the person's own account; and adding someone who already
 * has an account is an invitation they accept, answered exactly like adding a new person.
 */

type Owner = Awaited<ReturnType<typeof createOwner>>;
let t: TestContext;
let studioA: Owner;
let studioB: Owner;
beforeAll(async () => {
  t = await createTestApp();
  studioA = await createOwner(t.app);
  studioB = await createOwner(t.app);
});
afterAll(async () => t?.close());

const addBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  firstName: 'Pwned',
  lastName: 'Owner',
  department: 'Hacked',
  role: 'admin',
  password: STAFF_PASSWORD,
  ...overrides,
});

async function membershipsOf(userId: string, organizationId: string) {
  return t.deps.database.db
    .select()
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, userId),
      ),
    );
}

/** Follows the last invitation link mailed to `email`, signed in as `cookie`. */
async function acceptMailedInvitation(email: string, cookie: string) {
  const mail = t.mail.filter((m) => m.to === email).at(-1);
  const link = mail?.links?.find((l) => l.includes('/accept-staff-invitation?token='));
  expect(link, `no invitation mailed to ${email}`).toBeTruthy();
  const token = new URL(link!).searchParams.get('token');
  return call(t.app, 'POST', '/api/staff-invitations/accept', { cookie, body: { token } });
}

describe('adding an email that already has an account', () => {
  it('answers exactly like a new email, and makes an invitation instead of a membership', async () => {
    const fresh = staffEmail('fresh');
    const newPerson = await call(t.app, 'POST', '/api/staff', {
      cookie: studioA.cookie,
      body: addBody(fresh),
    });
    const existing = await call(t.app, 'POST', '/api/staff', {
      cookie: studioA.cookie,
      body: addBody(studioB.email),
    });
    expect(existing.status).toBe(newPerson.status);
    expect(existing.status).toBe(201);
    // Same body but for the address itself: no flag, no name, no record id.
    expect(existing.body).toEqual({ ...newPerson.body, email: studioB.email });
    expect(existing.text.replace(studioB.email, fresh)).toBe(newPerson.text);
    expect(existing.headers.get('content-type')).toBe(newPerson.headers.get('content-type'));
    expect(existing.text).not.toMatch(/accountCreated|Pwned|Owner|userId/);

    // The new person is on the team at once; the existing account only got an invitation.
    expect(await findStaffRow(t.app, studioA.cookie, fresh)).toBeDefined();
    expect(await membershipsOf(studioB.userId, studioA.organization.id)).toEqual([]);
    const invitations = await t.deps.database.db
      .select()
      .from(staffInvitations)
      .where(
        and(
          eq(staffInvitations.organizationId, studioA.organization.id),
          eq(staffInvitations.email, studioB.email),
        ),
      );
    expect(invitations).toHaveLength(1);
    expect(invitations[0]).toMatchObject({ status: 'pending', role: 'admin' });
    const me = await call(t.app, 'GET', '/api/me', { cookie: studioB.cookie });
    expect(me.body.organizations.map((o: { id: string }) => o.id)).toEqual([
      studioB.organization.id,
    ]);
  });

  it('refuses a weak or short password the same way for both, so errors tell nothing either', async () => {
    for (const password of ['abc12', 'password123']) {
      const [fresh, existing] = await Promise.all([
        call(t.app, 'POST', '/api/staff', {
          cookie: studioA.cookie,
          body: addBody(staffEmail('weak'), { password }),
        }),
        call(t.app, 'POST', '/api/staff', {
          cookie: studioA.cookie,
          body: addBody(studioB.email, { password }),
        }),
      ]);
      expect(existing.status, password).toBe(400);
      expect(existing.status).toBe(fresh.status);
      const { requestId: _a, ...existingError } = existing.body.error;
      const { requestId: _b, ...freshError } = fresh.body.error;
      expect(existingError).toEqual(freshError);
    }
  });
});

describe('what one studio writes about a shared person', () => {
  it("never changes the person's own name nor what another studio shows", async () => {
    const ownName = (await call(t.app, 'GET', '/api/me', { cookie: studioB.cookie })).body.user
      .fullName;
    expect(ownName).toBeTruthy();
    const trainer = await addStaff(t.app, studioB.cookie, 'trainer', {
      firstName: 'Terry',
      lastName: 'Trainer',
      department: 'Coaching',
    });
    // Studio A invites B's owner and B's trainer under names of its own; both accept.
    for (const person of [
      { email: studioB.email, cookie: studioB.cookie },
      { email: trainer.email, cookie: trainer.cookie },
    ]) {
      const res = await call(t.app, 'POST', '/api/staff', {
        cookie: studioA.cookie,
        body: addBody(person.email, { role: 'staff' }),
      });
      expect(res.status).toBe(201);
      expect((await acceptMailedInvitation(person.email, person.cookie)).status).toBe(200);
      // Accepting makes A their current studio: B's owner goes back to B for what follows.
      const back = await call(t.app, 'PUT', '/api/me/current-organization', {
        cookie: person.cookie,
        body: { organizationId: studioB.organization.id },
      });
      expect(back.status).toBe(200);
    }

    // Studio A renames and re-labels both on its own staff screen.
    for (const email of [studioB.email, trainer.email]) {
      const row = await findStaffRow(t.app, studioA.cookie, email);
      expect(row).toMatchObject({ fullName: 'Pwned Owner', department: 'Hacked' });
      const edit = await call(t.app, 'PUT', `/api/staff/${row!.id}`, {
        cookie: studioA.cookie,
        body: { firstName: 'Really', lastName: 'Pwned', department: 'Owned', role: 'trainer' },
      });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({ fullName: 'Really Pwned', department: 'Owned' });
    }

    // B's owner still sees their own name, and B's list still shows B's own facts.
    const ownerMe = await call(t.app, 'GET', '/api/me', { cookie: studioB.cookie });
    expect(ownerMe.body.user.fullName).toBe(ownName);
    const trainerMe = await call(t.app, 'GET', '/api/me', { cookie: trainer.cookie });
    expect(trainerMe.body.user.fullName).toBe('Terry Trainer');
    expect(await findStaffRow(t.app, studioB.cookie, trainer.email)).toMatchObject({
      id: trainer.id,
      fullName: 'Terry Trainer',
      department: 'Coaching',
      role: 'trainer',
    });

    // And B's own edit does not leak into A.
    const edit = await call(t.app, 'PUT', `/api/staff/${trainer.id}`, {
      cookie: studioB.cookie,
      body: { firstName: 'Terry', lastName: 'Trainer', department: 'Yoga', role: 'trainer' },
    });
    expect(edit.status).toBe(200);
    expect(await findStaffRow(t.app, studioA.cookie, trainer.email)).toMatchObject({
      fullName: 'Really Pwned',
      department: 'Owned',
    });
  });

  it("follows the person's own name until a studio sets one for them", async () => {
    const person = await addStaff(t.app, studioA.cookie, 'staff', {
      firstName: 'Own',
      lastName: 'Name',
    });
    // An edit that keeps the shown name stores no name of the studio's own.
    const edit = await call(t.app, 'PUT', `/api/staff/${person.id}`, {
      cookie: studioA.cookie,
      body: { firstName: 'Own', lastName: 'Name', department: 'Desk', role: 'staff' },
    });
    expect(edit.status).toBe(200);
    const [membership] = await membershipsOf(person.userId, studioA.organization.id);
    expect(membership).toMatchObject({ displayName: null, department: 'Desk' });
  });
});
