import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptionPlans } from '../../db/schema/platform.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type PlanValues = Pick<
  typeof subscriptionPlans.$inferInsert,
  'name' | 'description' | 'priceMonthly' | 'priceYearly' | 'features' | 'isActive'
>;

/**
 * Ordered by monthly price ascending (docs/product/owner-portal.md#subscription-plans); the name
 * breaks ties so the order is stable.
 */
export function listPlans(db: Db) {
  return db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.priceMonthly), asc(subscriptionPlans.name));
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertPlan(db: Db, values: PlanValues): Promise<PlanRow> {
  const [row] = await db.insert(subscriptionPlans).values(values).returning();
  if (!row) throw new Error('insert subscription_plans returned no row');
  return row;
}

export async function updatePlan(db: Db, id: string, values: PlanValues): Promise<PlanRow | null> {
  const [row] = await db
    .update(subscriptionPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptionPlans.id, id))
    .returning();
  return row ?? null;
}
