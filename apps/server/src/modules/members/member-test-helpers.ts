import type { OrganizationRole } from '@fitbase/domain/constants';
import { expect } from 'vitest';
import { call, signUp, type TestContext } from '../../../test/test-app.ts';
import { members } from '../../db/schema/members.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';

/** Test-only helpers shared by the members, payment-method and dashboard tests. */

let serial = 0;

export function memberBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    firstName: 'Alex',
    lastName: `Tester${serial}`,
    email: `alex${serial}-${Date.now()}@example.com`,
    ...overrides,
  };
}

export async function addMember(
  t: TestContext,
  cookie: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await call(t.app, 'POST', '/api/members', { cookie, body: memberBody(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; email: string; firstName: string; lastName: string };
}

/** A new person with `role` in the organization, switched into it (roles set directly in the database). */
export async function personWithRole(
  t: TestContext,
  organizationId: string,
  role: OrganizationRole,
) {
  const person = await signUp(t.app);
  await t.deps.database.db
    .insert(organizationUsers)
    .values({ organizationId, userId: person.userId, role });
  const res = await call(t.app, 'PUT', '/api/me/current-organization', {
    cookie: person.cookie,
    body: { organizationId },
  });
  expect(res.status, res.text).toBe(200);
  return person;
}

/** Inserts `n` members straight into the database (fast set-up for limits and paging). */
export async function insertMembers(
  t: TestContext,
  organizationId: string,
  n: number,
  make: (i: number) => Partial<typeof members.$inferInsert> = () => ({}),
) {
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = Array.from({ length: n }, (_, i) => ({
    organizationId,
    firstName: 'Bulk',
    lastName: `Member ${i}`,
    email: `bulk-${tag}-${i}@example.com`,
    ...make(i),
  }));
  return t.deps.database.db
    .insert(members)
    .values(rows)
    .returning({ id: members.id, createdAt: members.createdAt });
}

export const validCard = (overrides: Record<string, unknown> = {}) => ({
  cardLastFour: '4242',
  cardBrand: 'visa',
  cardExpMonth: 12,
  cardExpYear: new Date().getFullYear() + 2,
  billingName: 'Alex Tester',
  isDefault: false,
  ...overrides,
});
