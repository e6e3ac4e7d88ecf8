import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  TEST_ORIGIN,
  type TestContext,
} from '../../../test/test-app.ts';
import {
  addStaff,
  buildTeam,
  findStaffRow,
  signIn,
  STAFF_PASSWORD,
  staffEmail,
  type Team,
} from '../../../test/fixtures/staff.ts';

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
    expect(res.body).toEqual({ email: 'new.coach@example.com', signInUrl: `${TEST_ORIGIN}/auth` });
    expect(await findStaffRow(t.app, team.owner.cookie, 'new.coach@example.com')).toMatchObject({
      fullName: 'Jordan Lee Smith',
      department: 'Coaching',
      role: 'trainer',
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

  it('invites an existing account instead of adding it, keeping its password and name', async () => {
    const person = await signUp(t.app, { name: 'Already Here', password: 'Own-Password-Kept-9' });
    t.mail.length = 0;
    const res = await call(t.app, 'POST', '/api/staff', {
      cookie: team.admin.cookie,
      body: body({ email: person.email, firstName: 'Other', lastName: 'Name', role: 'staff' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email: person.email, signInUrl: `${TEST_ORIGIN}/auth` });
    // No membership until they accept.
    expect(await findStaffRow(t.app, team.owner.cookie, person.email)).toBeUndefined();
    const me = await call(t.app, 'GET', '/api/me', { cookie: person.cookie });
    expect(me.body.organizations).toEqual([]);
    expect(me.body.user.fullName).toBe('Already Here');
    expect(t.mail).toHaveLength(1);
    expect(t.mail[0]!.subject).toBe(
      `You're invited to join Gym ${team.owner.organization.slug} on FitBase`,
    );
    expect(t.mail[0]!.links![0]).toMatch(/\/accept-staff-invitation\?token=[A-Za-z0-9_-]{43}$/);
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
    expect(await findStaffRow(t.app, team.owner.cookie, rest.email as string)).toMatchObject({
      role: 'staff',
      department: null,
    });
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
    // Nobody teaches today: On Duty Today counts the schedule (dashboard-home.test.ts).
    expect(res.body.stats).toEqual({ totalStaff: 3, onDutyToday: 0, trainers: 2 });
  });
});
