import type { Plan, planInputSchema } from '@fitbase/domain/contracts/owner-portal';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findPlan, insertPlan, listPlans, updatePlan, type PlanRow } from './plans.queries.ts';

type PlanInput = z.output<typeof planInputSchema>;

export function serializePlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // numeric columns come back as exact decimal strings ("49.00"): never through a float.
    priceMonthly: row.priceMonthly,
    priceYearly: row.priceYearly,
    features: row.features,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getPlans(db: Db): Promise<Plan[]> {
  return (await listPlans(db)).map(serializePlan);
}

export async function createPlan(db: Db, input: PlanInput): Promise<Plan> {
  return serializePlan(await insertPlan(db, input));
}

export async function editPlan(db: Db, id: string, input: PlanInput): Promise<Plan> {
  const row = await updatePlan(db, id, input);
  if (!row) throw notFound('Plan');
  return serializePlan(row);
}

/**
 * A plan an invitation may offer: it must exist and be active
 * (docs/product/owner-portal.md#invite-users).
 */
export async function findActivePlan(db: Db, id: string) {
  const plan = await findPlan(db, id);
  return plan?.isActive ? plan : null;
}
