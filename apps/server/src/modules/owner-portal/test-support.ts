import type { PlatformRole } from '@fitbase/domain/constants';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userRoles } from '../../db/schema/platform.ts';
import { call, signUp, type TestContext } from '../../../test/test-app.ts';

/** Test-only: sets a platform role straight in user_roles, as the CLI would. */
export async function setRole(db: Db, userId: string, role: PlatformRole) {
  await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}

export async function roleRow(db: Db, userId: string) {
  const [row] = await db.select().from(userRoles).where(eq(userRoles.userId, userId));
  return row ?? null;
}

/** A signed-up person with the given platform role. */
export async function personWithRole(
  t: TestContext,
  role: PlatformRole,
  overrides: { email?: string; name?: string } = {},
) {
  const person = await signUp(t.app, overrides);
  if (role !== 'user') await setRole(t.deps.database.db, person.userId, role);
  return person;
}

export async function createPlanAs(t: TestContext, cookie: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/owner-portal/plans', { cookie, body });
  if (res.status !== 201) throw new Error(`create plan failed: ${res.status} ${res.text}`);
  return res.body as { id: string; name: string; priceMonthly: string };
}
