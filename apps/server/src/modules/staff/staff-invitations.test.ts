import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  TEST_ORIGIN,
  type TestContext,
} from '../../../test/test-app.ts';
import { users } from '../../db/schema/auth.ts';
import { organizationUsers, staffInvitations } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';
import { addStaff, signIn, STAFF_PASSWORD, staffEmail } from '../../../test/fixtures/staff.ts';

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
});
afterAll(async () => t?.close());

const INVALID = 'This invitation link is invalid or has expired.';
const DAY = 86_400_000;

/**
 * An invitation for an email with no account yet. Resend only targets people who already
 * have an account, so the create-an-account path is set up in the table directly.
 */
async function inviteNewPerson(overrides: Partial<typeof staffInvitations.$inferInsert> = {}) {
  const token = randomBytes(32).toString('base64url');
  const email = staffEmail('invitee');
  const [row] = await t.deps.database.db
    .insert(staffInvitations)
    .values({
      organizationId: owner.organization.id,
      token,
      email,
      firstName: 'Riley',
      lastName: 'Quinn',
      department: 'Reception',
      role: 'trainer',
      expiresAt: new Date(Date.now() + 7 * DAY),
      ...overrides,
    })
    .returning();
  return { token, email: row!.email, id: row!.id };
}

const accept = (body: unknown, cookie?: string) =>
  call(t.app, 'POST', '/api/staff-invitations/accept', { body, cookie });
const lookup = (token: string) =>
  call(t.app, 'GET', `/api/staff-invitations/lookup?token=${encodeURIComponent(token)}`);

async function invitationRow(id: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.id, id));
  return row!;
}

describe('GET /api/staff-invitations/lookup', () => {
  it('shows a pending invitation with its organization, and nothing for unknown tokens', async () => {
    const invite = await inviteNewPerson();
    const res = await lookup(invite.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      organizationName: `Gym ${owner.organization.slug}`,
      role: 'trainer',
      firstName: 'Riley',
      lastName: 'Quinn',
      email: invite.email,
      department: 'Reception',
      accountExists: false,
    });
    expect(res.body).not.toHaveProperty('token');
    const unknown = await lookup(randomBytes(32).toString('base64url'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(INVALID);
    expect((await call(t.app, 'GET', '/api/staff-invitations/lookup')).status).toBe(400);
  });

  it('refuses an expired invitation', async () => {
    const invite = await inviteNewPerson({ expiresAt: new Date(Date.now() - 1000) });
    expect((await lookup(invite.token)).status).toBe(404);
    const res = await accept({ token: invite.token, password: STAFF_PASSWORD });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(INVALID);
    expect((await invitationRow(invite.id)).status).toBe('pending');
  });
});

describe('POST /api/staff-invitations/accept (new account)', () => {
  it('creates the account, membership, profile and marks the invitation accepted, once', async () => {
    const invite = await inviteNewPerson();
    const res = await accept({ token: invite.token, password: STAFF_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      organizationId: owner.organization.id,
      email: invite.email,
      role: 'trainer',
      accountCreated: true,
    });

    const row = await invitationRow(invite.id);
    expect(row.status).toBe('accepted');
    expect(row.acceptedAt).toBeInstanceOf(Date);
    const [user] = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, invite.email));
    expect(user).toMatchObject({ name: 'Riley Quinn', emailVerified: true });
    const [profile] = await t.deps.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({
      fullName: 'Riley Quinn',
      department: null,
      organizationId: owner.organization.id,
    });

    const cookie = await signIn(t.app, invite.email, STAFF_PASSWORD);
    const me = await call(t.app, 'GET', '/api/me', { cookie });
    expect(me.body.organizations.map((o: { id: string; role: string }) => [o.id, o.role])).toEqual([
      [owner.organization.id, 'trainer'],
    ]);
    const list = await call(t.app, 'GET', '/api/staff', { cookie: owner.cookie });
    expect(list.body.staff.find((s: { email: string }) => s.email === invite.email)).toMatchObject({
      fullName: 'Riley Quinn',
      department: 'Reception',
      role: 'trainer',
    });

    const again = await accept({ token: invite.token, password: STAFF_PASSWORD });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(INVALID);
    expect((await lookup(invite.token)).status).toBe(404);
  });

  it('accepts a token at most once when two requests race', async () => {
    const invite = await inviteNewPerson();
    const results = await Promise.all([
      accept({ token: invite.token, password: STAFF_PASSWORD }),
      accept({ token: invite.token, password: 'Another-Strong-Pass-5' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    const accounts = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, invite.email));
    expect(accounts).toHaveLength(1);
    const memberships = await t.deps.database.db
      .select()
      .from(organizationUsers)
      .where(
        and(
          eq(organizationUsers.organizationId, owner.organization.id),
          eq(organizationUsers.userId, accounts[0]!.id),
        ),
      );
    expect(memberships).toHaveLength(1);
  });

  it('refuses short or weak passwords and leaves the invitation pending with no account', async () => {
    const invite = await inviteNewPerson();
    const cases: Array<[unknown, string, string?]> = [
      [undefined, 'validation_error', 'Password must be at least 6 characters long'],
      ['12345', 'validation_error', 'Password must be at least 6 characters long'],
      ['qwerty123', 'weak_password'],
    ];
    for (const [password, code, message] of cases) {
      const res = await accept({ token: invite.token, password });
      expect(res.status, String(password)).toBe(400);
      expect(res.body.error.code).toBe(code);
      if (message) expect(res.body.error.message).toBe(message);
    }
    expect((await invitationRow(invite.id)).status).toBe('pending');
    expect(
      await t.deps.database.db.select().from(users).where(eq(users.email, invite.email)),
    ).toEqual([]);
  });
});

describe('POST /api/staff-invitations/accept (existing account)', () => {
  it('needs the invited account signed in, then adds the membership', async () => {
    const person = await signUp(t.app, { name: 'Existing Person' });
    const invite = await inviteNewPerson({
      email: person.email.toUpperCase(),
      role: 'admin',
      department: 'Management',
    });
    expect((await lookup(invite.token)).body.accountExists).toBe(true);

    const anonymous = await accept({ token: invite.token, password: STAFF_PASSWORD });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toContain('Sign in with it to accept the invitation');
    const wrong = await accept({ token: invite.token }, owner.cookie);
    expect(wrong.status).toBe(403);
    expect((await invitationRow(invite.id)).status).toBe('pending');

    const res = await accept({ token: invite.token }, person.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'admin', accountCreated: false, email: person.email });
    expect((await invitationRow(invite.id)).status).toBe('accepted');
    const me = await call(t.app, 'GET', '/api/me', { cookie: person.cookie });
    expect(me.body.currentOrganizationId).toBe(owner.organization.id);
    expect(me.body.user.fullName).toBe('Existing Person');
    // The studio's name and department for them live on this membership only.
    const list = await call(t.app, 'GET', '/api/staff', { cookie: owner.cookie });
    expect(list.body.staff.find((s: { email: string }) => s.email === person.email)).toMatchObject({
      fullName: 'Riley Quinn',
      department: 'Management',
      role: 'admin',
    });
    // Their password is theirs: accepting never changed it.
    await expect(signIn(t.app, person.email, STAFF_PASSWORD)).rejects.toThrow('401');
  });

  it('keeps the current role of someone who is already a member (Resend to a staff member)', async () => {
    const member = await addStaff(t.app, owner.cookie, 'trainer');
    t.mail.length = 0;
    await call(t.app, 'POST', `/api/staff/${member.id}/resend-invitation`, {
      cookie: owner.cookie,
    });
    const link = t.mail[0]!.links![0]!;
    expect(link.startsWith(`${TEST_ORIGIN}/accept-staff-invitation?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;
    const res = await accept({ token }, member.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'trainer', accountCreated: false });
    const list = await call(t.app, 'GET', '/api/staff', { cookie: owner.cookie });
    expect(list.body.staff.filter((s: { email: string }) => s.email === member.email)).toHaveLength(
      1,
    );
  });
});
