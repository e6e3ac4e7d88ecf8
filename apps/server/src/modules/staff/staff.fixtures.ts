import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@fitbase/domain/contracts/staff';
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
  return {
    id: res.body.staffMember.id,
    userId: res.body.staffMember.userId,
    email,
    cookie: await signIn(app, email, STAFF_PASSWORD),
  };
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
