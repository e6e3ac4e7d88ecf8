import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUp, type TestContext } from '../../../test/test-app.ts';
import { userSubscriptions } from '../../db/schema/platform.ts';
import { startOfMonthUtc } from './analytics.service.ts';
import { createPlanAs, personWithRole } from '../../../test/fixtures/owner-portal.ts';

let t: TestContext;
let owner: Awaited<ReturnType<typeof personWithRole>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithRole(t, 'owner');
});
afterAll(async () => t?.close());

const analytics = async () => {
  const res = await call(t.app, 'GET', '/api/owner-portal/analytics', { cookie: owner.cookie });
  expect(res.status).toBe(200);
  return res.body;
};

/** A person whose profile was created at a given instant (sign-up always stamps "now"). */
async function personCreatedAt(id: string, createdAt: Date) {
  await t.deps.database.db.execute(
    sql`insert into users (id, name, email) values (${id}, ${id}, ${`${id}@analytics.test`})`,
  );
  await t.deps.database.db.execute(
    sql`insert into profiles (id, email, created_at) values (${id}, ${`${id}@analytics.test`}, ${createdAt.toISOString()})`,
  );
}

describe('GET /api/owner-portal/analytics', () => {
  it('starts empty: no subscriptions, revenue 0.00, no plan distribution', async () => {
    expect(await analytics()).toEqual({
      totalUsers: 1,
      activeSubscriptions: 0,
      monthlyRevenue: '0.00',
      newUsersThisMonth: 1,
      planDistribution: [],
    });
  });

  it('computes every figure from known data, the revenue exactly', async () => {
    const monthStart = startOfMonthUtc(new Date());
    await personCreatedAt('last-month', new Date(monthStart.getTime() - 1));
    await personCreatedAt('month-start', monthStart);
    const [a, b, c] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    // 0.10 + 0.20 is 0.30000000000000004 in floating point; the sum must read 0.30 + 33.33.
    const dime = await createPlanAs(t, owner.cookie, { name: 'Dime', priceMonthly: '0.10' });
    const twenty = await createPlanAs(t, owner.cookie, { name: 'Twenty', priceMonthly: '0.20' });
    const big = await createPlanAs(t, owner.cookie, { name: 'Big', priceMonthly: '33.33' });
    await t.deps.database.db.insert(userSubscriptions).values([
      { userId: a.userId, planId: dime.id, status: 'active' },
      { userId: b.userId, planId: twenty.id, status: 'active' },
      { userId: c.userId, planId: big.id, status: 'active' },
      { userId: 'last-month', planId: big.id, status: 'cancelled' },
      { userId: 'month-start', planId: twenty.id, status: 'expired' },
      { userId: owner.userId, planId: dime.id, status: 'active' },
    ]);

    expect(await analytics()).toEqual({
      totalUsers: 6,
      activeSubscriptions: 4,
      monthlyRevenue: '33.73',
      // Since the first of this month (UTC), inclusive: not 'last-month'.
      newUsersThisMonth: 5,
      planDistribution: [
        { planId: dime.id, planName: 'Dime', subscriptions: 2 },
        { planId: big.id, planName: 'Big', subscriptions: 1 },
        { planId: twenty.id, planName: 'Twenty', subscriptions: 1 },
      ],
    });
  });

  it('finds the first of the month in UTC whatever the hour', () => {
    expect(startOfMonthUtc(new Date('2025-03-01T00:00:00Z')).toISOString()).toBe(
      '2025-03-01T00:00:00.000Z',
    );
    expect(startOfMonthUtc(new Date('2025-02-28T23:59:59.999Z')).toISOString()).toBe(
      '2025-02-01T00:00:00.000Z',
    );
    expect(startOfMonthUtc(new Date('2024-12-31T23:30:00-05:00')).toISOString()).toBe(
      '2025-01-01T00:00:00.000Z',
    );
  });
});
