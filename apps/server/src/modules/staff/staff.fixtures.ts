import { randomBytes } from 'node:crypto';
import type { StaffMember, StaffRole } from '@fitbase/domain/contracts/staff';
import type { App } from '../../app.ts';
import { call, cookieFrom, createOwner } from '../../../test/test-app.ts';

/** Test helpers shared by the staff test files (imported by tests only). */

export const STAFF_PASSWORD = 'Deadlift-Cadence-77';

export async function signIn(app: App, email: string, password: string): Promise<string> {
  const res = await call(app, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return cookieFrom(res.headers);
}

export function staffEmail(prefix = 'staff'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export interface StaffPerson {
  id: string;
  userId: string;
  email: string;
  cookie: string;
}

/** Create Staff Account through the API as `cookie`, then sign the new person in. */
export async function addStaff(
  app: App,
  cookie: string,
  role: StaffRole,
  overrides: {
    email?: string;
    firstName?: string;
    lastName?: string;
    department?: string | null;
  } = {},
): Promise<StaffPerson> {
  const email = overrides.email ?? staffEmail(role);
  const res = await call(app, 'POST', '/api/staff', {
    cookie,
    body: {
      email,
      firstName: overrides.firstName ?? 'Sam',
      lastName: overrides.lastName ?? `${role[0]!.toUpperCase()}${role.slice(1)}`,
      department: overrides.department === undefined ? 'Front Desk' : overrides.department,
      role,
      password: STAFF_PASSWORD,
    },
  });
  if (res.status !== 201) throw new Error(`create staff failed: ${res.status} ${res.text}`);
  // The answer names no record (it must not tell a new account from an invitation).
  const row = await findStaffRow(app, cookie, email);
  if (!row) throw new Error(`${email} is not on the staff list (an existing account?)`);
  return {
    id: row.id,
    userId: row.userId,
    email,
    cookie: await signIn(app, email, STAFF_PASSWORD),
  };
}

/** The Staff Members row of `email` as `cookie` sees it, or undefined. */
export async function findStaffRow(
  app: App,
  cookie: string,
  email: string,
): Promise<StaffMember | undefined> {
  const res = await call(app, 'GET', '/api/staff', { cookie });
  if (res.status !== 200) throw new Error(`list staff failed: ${res.status} ${res.text}`);
  return (res.body.staff as StaffMember[]).find((s) => s.email === email.toLowerCase());
}

export type Team = Awaited<ReturnType<typeof buildTeam>>;

/** An organization with one person of every role. */
export async function buildTeam(app: App) {
  const owner = await createOwner(app, 'pro');
  const admin = await addStaff(app, owner.cookie, 'admin');
  const trainer = await addStaff(app, owner.cookie, 'trainer');
  const staff = await addStaff(app, owner.cookie, 'staff');
  return { owner, admin, trainer, staff, organizationId: owner.organization.id };
}
