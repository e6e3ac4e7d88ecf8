import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUp, type TestContext } from '../../../test/test-app.ts';
import {
  addStaff,
  buildTeam,
  STAFF_PASSWORD,
  staffEmail,
  type Team,
} from '../../../test/fixtures/staff.ts';

let t: TestContext;
let team: Team;
let other: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t.app);
  other = await buildTeam(t.app);
});
afterAll(async () => t?.close());

type Role = 'owner' | 'admin' | 'trainer' | 'staff';
const ROLES: Role[] = ['owner', 'admin', 'trainer', 'staff'];
const MANAGERS: Role[] = ['owner', 'admin'];
const cookieOf = (role: Role, of: Team = team) => of[role].cookie;

describe('permission matrix (manage staff = owner, admin)', () => {
  it('lets every role view the staff list', async () => {
    for (const role of ROLES) {
      const res = await call(t.app, 'GET', '/api/staff', { cookie: cookieOf(role) });
      expect(res.status, role).toBe(200);
      expect(res.body.staff.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('lets owner and admin create, edit, resend and remove; refuses trainer and staff with 403', async () => {
    for (const role of ROLES) {
      const allowed = MANAGERS.includes(role);
      const cookie = cookieOf(role);
      // A target per role, created by the owner, so refusals are checked against a real record.
      const target = await addStaff(t.app, team.owner.cookie, 'staff');
      const attempts = [
        call(t.app, 'POST', '/api/staff', {
          cookie,
          body: {
            email: staffEmail(role),
            firstName: 'Perm',
            lastName: 'Check',
            role: 'staff',
            password: STAFF_PASSWORD,
          },
        }),
        call(t.app, 'PUT', `/api/staff/${target.id}`, {
          cookie,
          body: { firstName: 'Perm', lastName: role, role: 'trainer' },
        }),
        call(t.app, 'POST', `/api/staff/${target.id}/resend-invitation`, { cookie }),
      ];
      const [created, edited, resent] = await Promise.all(attempts);
      const removed = await call(t.app, 'DELETE', `/api/staff/${target.id}`, { cookie });
      const statuses = [created!.status, edited!.status, resent!.status, removed.status];
      expect(statuses, role).toEqual(allowed ? [201, 200, 200, 204] : [403, 403, 403, 403]);
      if (!allowed) {
        expect(created!.body.error).toMatchObject({
          code: 'forbidden',
          message: 'Your role does not allow this action (allowed: owner, admin).',
        });
        const list = await call(t.app, 'GET', '/api/staff', { cookie: team.owner.cookie });
        const row = list.body.staff.find((s: { id: string }) => s.id === target.id);
        expect(row).toMatchObject({ role: 'staff', fullName: 'Sam Staff' });
      }
    }
  });

  it('refuses a signed-in person without an organization', async () => {
    const loner = await signUp(t.app);
    const res = await call(t.app, 'GET', '/api/staff', { cookie: loner.cookie });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('No organization selected');
  });
});

describe('tenant isolation', () => {
  it("answers another organization's staff ids exactly like unknown ones (404)", async () => {
    const unknown = '3f6c2a9e-7b1d-4c5e-9a8f-0d2e4b6c8a1f';
    for (const id of [other.trainer.id, unknown]) {
      for (const role of MANAGERS) {
        const cookie = cookieOf(role);
        const edit = await call(t.app, 'PUT', `/api/staff/${id}`, {
          cookie,
          body: { firstName: 'Hijack', lastName: 'Attempt', role: 'admin' },
        });
        const resend = await call(t.app, 'POST', `/api/staff/${id}/resend-invitation`, { cookie });
        const remove = await call(t.app, 'DELETE', `/api/staff/${id}`, { cookie });
        for (const res of [edit, resend, remove]) {
          expect(res.status, `${role} ${id}`).toBe(404);
          expect(res.body.error.message).toBe('Staff member not found');
        }
      }
    }
    // The other studio's trainer is untouched and got no email.
    const list = await call(t.app, 'GET', '/api/staff', { cookie: other.owner.cookie });
    expect(list.body.staff.find((s: { id: string }) => s.id === other.trainer.id)).toMatchObject({
      role: 'trainer',
      fullName: 'Sam Trainer',
    });
    expect(
      t.mail.filter((m) => m.to === other.trainer.email && m.subject.includes('invited')),
    ).toEqual([]);
  });

  it('lists only the current organization and adds new staff to it only', async () => {
    const mine = await call(t.app, 'GET', '/api/staff', { cookie: team.owner.cookie });
    const theirs = await call(t.app, 'GET', '/api/staff', { cookie: other.owner.cookie });
    const mineIds = new Set(mine.body.staff.map((s: { id: string }) => s.id));
    expect(theirs.body.staff.some((s: { id: string }) => mineIds.has(s.id))).toBe(false);
    expect(mineIds.has(other.admin.id)).toBe(false);
  });

  it('invites a member of another studio; accepting adds a separate membership', async () => {
    t.mail.length = 0;
    const res = await call(t.app, 'POST', '/api/staff', {
      cookie: team.owner.cookie,
      body: {
        email: other.trainer.email,
        firstName: 'Sam',
        lastName: 'Trainer',
        role: 'admin',
        password: STAFF_PASSWORD,
      },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['email', 'signInUrl']);
    const before = await call(t.app, 'GET', '/api/me', { cookie: other.trainer.cookie });
    expect(before.body.organizations.map((o: { id: string }) => o.id)).toEqual([
      other.organizationId,
    ]);

    const link = t.mail.find((m) => m.to === other.trainer.email)!.links![0]!;
    const token = new URL(link).searchParams.get('token');
    const accepted = await call(t.app, 'POST', '/api/staff-invitations/accept', {
      cookie: other.trainer.cookie,
      body: { token },
    });
    expect(accepted.status).toBe(200);
    const me = await call(t.app, 'GET', '/api/me', { cookie: other.trainer.cookie });
    const roles = Object.fromEntries(
      me.body.organizations.map((o: { id: string; role: string }) => [o.id, o.role]),
    );
    expect(roles).toEqual({ [other.organizationId]: 'trainer', [team.organizationId]: 'admin' });
    const theirList = await call(t.app, 'GET', '/api/staff', { cookie: other.owner.cookie });
    expect(theirList.body.staff.find((s: { id: string }) => s.id === other.trainer.id).role).toBe(
      'trainer',
    );
  });
});
