import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  signUp,
  TEST_ORIGIN,
  type TestContext,
  createTestApp,
} from '../../../test/test-app.ts';
import { organizationUsers, staffInvitations } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';
import {
  addStaff,
  buildTeam,
  signIn,
  STAFF_PASSWORD,
  staffEmail,
  type Team,
} from './staff.fixtures.ts';

let t: TestContext;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t.app);
});
afterAll(async () => t?.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  email: staffEmail(),
  firstName: 'Jordan',
  lastName: 'Lee Smith',
  department: 'Coaching',
  role: 'trainer',
  password: STAFF_PASSWORD,
  ...overrides,
});

describe('POST /api/staff (Create Staff Account)', () => {
  it('creates the account and the membership, emails the sign-in link, and the person can sign in', async () => {
    const input = body({ email: 'New.Coach@Example.com' });
    t.mail.length = 0;
    const res = await call(t.app, 'POST', '/api/staff', { cookie: team.owner.cookie, body: input });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      accountCreated: true,
      signInUrl: `${TEST_ORIGIN}/auth`,
      staffMember: {
        email: 'new.coach@example.com',
        fullName: 'Jordan Lee Smith',
        department: 'Coaching',
        role: 'trainer',
      },
    });

    expect(t.mail).toHaveLength(1);
    const [mail] = t.mail;
    expect(mail!.to).toBe('new.coach@example.com');
    expect(mail!.subject).toContain(`Gym ${team.owner.organization.slug}`);
    expect(mail!.text).toContain(`sign in at ${TEST_ORIGIN}/auth`);
    expect(mail!.html).toContain(`href="${TEST_ORIGIN}/auth"`);
    expect(mail!.links).toEqual([`${TEST_ORIGIN}/auth`]);
    expect(mail!.text).not.toContain(STAFF_PASSWORD);

    // better-auth's own sign-in accepts the account we wrote ourselves.
    const cookie = await signIn(t.app, 'new.coach@example.com', STAFF_PASSWORD);
    const me = await call(t.app, 'GET', '/api/me', { cookie });
    expect(me.body.user).toMatchObject({
      email: 'new.coach@example.com',
      fullName: 'Jordan Lee Smith',
    });
    expect(me.body.currentOrganizationId).toBe(team.organizationId);
    expect(me.body.organizations.map((o: { role: string }) => o.role)).toEqual(['trainer']);
    const wrong = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: input.email, password: 'Not-The-Password-1' },
    });
    expect(wrong.status).toBe(401);
  });

  it('adds an existing account without touching its password or name', async () => {
    const person = await signUp(t.app, { name: 'Already Here', password: 'Own-Password-Kept-9' });
    t.mail.length = 0;
    const res = await call(t.app, 'POST', '/api/staff', {
      cookie: team.admin.cookie,
      body: body({ email: person.email, firstName: 'Other', lastName: 'Name', role: 'staff' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.accountCreated).toBe(false);
    expect(res.body.staffMember).toMatchObject({
      userId: person.userId,
      fullName: 'Already Here',
      department: 'Coaching',
      role: 'staff',
    });
    expect(t.mail[0]!.subject).toContain('You were added to');
    expect(t.mail[0]!.text).toContain(`${TEST_ORIGIN}/auth`);
    await expect(signIn(t.app, person.email, 'Own-Password-Kept-9')).resolves.toContain(
      'session_token',
    );
    await expect(signIn(t.app, person.email, STAFF_PASSWORD)).rejects.toThrow('401');
  });

  it('refuses an email that is already a member of this organization with 409', async () => {
    for (const email of [team.trainer.email, team.trainer.email.toUpperCase(), team.owner.email]) {
      const res = await call(t.app, 'POST', '/api/staff', {
        cookie: team.owner.cookie,
        body: body({ email }),
      });
      expect(res.status, email).toBe(409);
      expect(res.body.error.message).toBe(
        `${email.toLowerCase()} is already a member of this organization.`,
      );
    }
  });

  it('applies the password rules and validates the body, creating nothing', async () => {
    const email = staffEmail('refused');
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ password: '' }, 400, 'validation_error', 'Password must be at least 6 characters long'],
      [
        { password: undefined },
        400,
        'validation_error',
        'Password must be at least 6 characters long',
      ],
      [
        { password: 'abc12' },
        400,
        'validation_error',
        'Password must be at least 6 characters long',
      ],
      [{ password: 'password123' }, 400, 'weak_password'],
      [{ firstName: '  ' }, 400, 'validation_error'],
      [{ email: 'not-an-email' }, 400, 'validation_error'],
      [{ role: 'owner' }, 400, 'validation_error'],
    ];
    for (const [overrides, status, code, message] of cases) {
      const res = await call(t.app, 'POST', '/api/staff', {
        cookie: team.owner.cookie,
        body: body({ email, ...overrides }),
      });
      expect(res.status, JSON.stringify(overrides)).toBe(status);
      expect(res.body.error.code).toBe(code);
      if (message) expect(res.body.error.message).toBe(message);
    }
    const list = await call(t.app, 'GET', '/api/staff', { cookie: team.owner.cookie });
    expect(list.body.staff.map((s: { email: string }) => s.email)).not.toContain(email);
  });

  it('defaults the role to staff and stores an empty department as null', async () => {
    const { role: _role, ...rest } = body({ department: '  ' });
    const res = await call(t.app, 'POST', '/api/staff', { cookie: team.owner.cookie, body: rest });
    expect(res.status).toBe(201);
    expect(res.body.staffMember).toMatchObject({ role: 'staff', department: null });
  });
});

describe('GET /api/staff', () => {
  it('lists staff, trainers and admins (not the owner) with the statistics', async () => {
    const other = await createOwner(t.app);
    for (const role of ['trainer', 'trainer', 'staff'] as const)
      await addStaff(t.app, other.cookie, role);
    const res = await call(t.app, 'GET', '/api/staff', { cookie: other.cookie });
    expect(res.status).toBe(200);
    expect(res.body.staff.map((s: { role: string }) => s.role)).toEqual([
      'trainer',
      'trainer',
      'staff',
    ]);
    expect(res.body.staff[0]).toMatchObject({ fullName: 'Sam Trainer', department: 'Front Desk' });
    expect(res.body.stats).toEqual({ totalStaff: 3, onDutyToday: 1, trainers: 2 });
  });
});

describe('PUT /api/staff/{id} (Edit)', () => {
  it('updates the profile and the role', async () => {
    const person = await addStaff(t.app, team.owner.cookie, 'staff');
    const res = await call(t.app, 'PUT', `/api/staff/${person.id}`, {
      cookie: team.admin.cookie,
      body: {
        email: person.email,
        firstName: 'Renamed',
        lastName: 'Person',
        department: 'Sales',
        role: 'trainer',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: person.id,
      fullName: 'Renamed Person',
      department: 'Sales',
      role: 'trainer',
    });
    const [profile] = await t.deps.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, person.userId));
    expect(profile).toMatchObject({ fullName: 'Renamed Person', department: 'Sales' });
    const me = await call(t.app, 'GET', '/api/me', { cookie: person.cookie });
    expect(me.body.organizations[0].role).toBe('trainer');
  });

  it('keeps the email: a different one is refused', async () => {
    const res = await call(t.app, 'PUT', `/api/staff/${team.staff.id}`, {
      cookie: team.owner.cookie,
      body: { email: 'someone-else@example.com', firstName: 'A', lastName: 'B', role: 'staff' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.email).toContain('sign-in address');
  });

  it('refuses to change the owner or one’s own role, but lets one edit one’s own name', async () => {
    const ownerMembership = await ownerMembershipId(team.organizationId);
    const edit = { firstName: 'X', lastName: 'Y', role: 'admin' };
    const owner = await call(t.app, 'PUT', `/api/staff/${ownerMembership}`, {
      cookie: team.admin.cookie,
      body: edit,
    });
    expect(owner.status).toBe(403);
    expect(owner.body.error.message).toBe(
      'The organization owner cannot be removed or have their role changed.',
    );
    const self = await call(t.app, 'PUT', `/api/staff/${team.admin.id}`, {
      cookie: team.admin.cookie,
      body: { ...edit, role: 'staff' },
    });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe('You cannot change your own role.');
    const name = await call(t.app, 'PUT', `/api/staff/${team.admin.id}`, {
      cookie: team.admin.cookie,
      body: edit,
    });
    expect(name.status).toBe(200);
    expect(name.body).toMatchObject({ fullName: 'X Y', role: 'admin' });
  });
});

describe('DELETE /api/staff/{id} (Remove)', () => {
  it('deletes the membership and the pending invitation, keeping the account', async () => {
    const person = await addStaff(t.app, team.owner.cookie, 'staff');
    expect(
      (
        await call(t.app, 'POST', `/api/staff/${person.id}/resend-invitation`, {
          cookie: team.owner.cookie,
        })
      ).status,
    ).toBe(200);
    const res = await call(t.app, 'DELETE', `/api/staff/${person.id}`, {
      cookie: team.admin.cookie,
    });
    expect(res.status).toBe(204);
    const me = await call(t.app, 'GET', '/api/me', { cookie: person.cookie });
    expect(me.body.organizations).toEqual([]);
    const invitations = await t.deps.database.db
      .select()
      .from(staffInvitations)
      .where(
        and(
          eq(staffInvitations.organizationId, team.organizationId),
          eq(staffInvitations.email, person.email),
        ),
      );
    expect(invitations).toEqual([]);
    expect(
      (await call(t.app, 'DELETE', `/api/staff/${person.id}`, { cookie: team.admin.cookie }))
        .status,
    ).toBe(404);
  });

  it('never removes the owner, nor the caller', async () => {
    const owner = await call(
      t.app,
      'DELETE',
      `/api/staff/${await ownerMembershipId(team.organizationId)}`,
      { cookie: team.admin.cookie },
    );
    expect(owner.status).toBe(403);
    const self = await call(t.app, 'DELETE', `/api/staff/${team.admin.id}`, {
      cookie: team.admin.cookie,
    });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe('You cannot remove yourself from the organization.');
    const list = await call(t.app, 'GET', '/api/staff', { cookie: team.owner.cookie });
    expect(list.body.staff.map((s: { id: string }) => s.id)).toContain(team.admin.id);
  });
});

describe('POST /api/staff/{id}/resend-invitation', () => {
  it('emails a link with a fresh 32-byte token valid 7 days, renewing the pending invitation', async () => {
    const person = await addStaff(t.app, team.owner.cookie, 'trainer', {
      firstName: 'Ana',
      lastName: 'Maria Lopez',
      department: 'Yoga',
    });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      t.mail.length = 0;
      const before = Date.now();
      const res = await call(t.app, 'POST', `/api/staff/${person.id}/resend-invitation`, {
        cookie: team.owner.cookie,
      });
      expect(res.status).toBe(200);
      expect(res.body.email).toBe(person.email);
      const ttl = Date.parse(res.body.expiresAt) - before;
      expect(ttl).toBeGreaterThan(7 * 86_400_000 - 10_000);
      expect(ttl).toBeLessThan(7 * 86_400_000 + 10_000);
      const [mail] = t.mail;
      expect(mail!.to).toBe(person.email);
      expect(mail!.text).toContain(`Gym ${team.owner.organization.slug}`);
      const link = mail!.links![0]!;
      expect(mail!.html).toContain(`href="${link}"`);
      const match = link.match(
        new RegExp(`^${TEST_ORIGIN}/accept-staff-invitation\\?token=([A-Za-z0-9_-]{43})$`),
      );
      expect(match, link).not.toBeNull();
      tokens.push(match![1]!);
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    const rows = await t.deps.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, person.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      token: tokens[1],
      status: 'pending',
      firstName: 'Ana',
      lastName: 'Maria Lopez',
      department: 'Yoga',
      role: 'trainer',
    });
    const old = await call(t.app, 'GET', `/api/staff-invitations/lookup?token=${tokens[0]}`);
    expect(old.status).toBe(404);
    const current = await call(t.app, 'GET', `/api/staff-invitations/lookup?token=${tokens[1]}`);
    expect(current.status).toBe(200);
  });
});

describe('realtime', () => {
  it("announces every staff write on the organization's event channel", async () => {
    const heard: Array<{ organizationId: string; entity: string; action: string; ids: string[] }> =
      [];
    const stop = await t.deps.database.listen('fitbase_events', (payload) =>
      heard.push(JSON.parse(payload)),
    );
    try {
      const person = await addStaff(t.app, team.owner.cookie, 'staff');
      await call(t.app, 'PUT', `/api/staff/${person.id}`, {
        cookie: team.owner.cookie,
        body: { firstName: 'A', lastName: 'B', role: 'admin' },
      });
      await call(t.app, 'POST', `/api/staff/${person.id}/resend-invitation`, {
        cookie: team.owner.cookie,
      });
      await call(t.app, 'DELETE', `/api/staff/${person.id}`, { cookie: team.owner.cookie });
      await expect
        .poll(() => heard.filter((e) => e.ids.includes(person.id)).map((e) => e.action))
        .toEqual(['created', 'updated', 'updated', 'deleted']);
      expect(
        heard.every((e) => e.entity === 'staff' && e.organizationId === team.organizationId),
      ).toBe(true);
    } finally {
      await stop();
    }
  });
});

async function ownerMembershipId(organizationId: string): Promise<string> {
  const [row] = await t.deps.database.db
    .select({ id: organizationUsers.id })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.role, 'owner'),
      ),
    );
  return row!.id;
}
