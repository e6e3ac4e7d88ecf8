import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { organizationUsers, staffInvitations } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';
import { addStaff, buildTeam, type Team } from '../../../test/fixtures/staff.ts';

/** Edit, Remove and Resend of the Staff screen, and the events they publish. */

let t: TestContext;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t.app);
});
afterAll(async () => t?.close());

describe('PUT /api/staff/{id} (Edit)', () => {
  it("updates this studio's name, department and role, never the person's own profile", async () => {
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
    const [membership] = await t.deps.database.db
      .select()
      .from(organizationUsers)
      .where(eq(organizationUsers.id, person.id));
    expect(membership).toMatchObject({ displayName: 'Renamed Person', department: 'Sales' });
    const [profile] = await t.deps.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, person.userId));
    expect(profile).toMatchObject({ fullName: 'Sam Staff', department: null });
    const me = await call(t.app, 'GET', '/api/me', { cookie: person.cookie });
    expect(me.body.organizations[0].role).toBe('trainer');
    expect(me.body.user.fullName).toBe('Sam Staff');
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
