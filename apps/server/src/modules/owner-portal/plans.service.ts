import type { Plan, planInputSchema } from '@fitbase/domain/contracts/owner-portal';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { PlatformScope } from '../../http/types.ts';
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

export async function getPlans(scope: Pick<PlatformScope, 'db'>): Promise<Plan[]> {
  return (await listPlans(scope.db)).map(serializePlan);
}

export async function createPlan(
  scope: Pick<PlatformScope, 'db'>,
  input: PlanInput,
): Promise<Plan> {
  return serializePlan(await insertPlan(scope.db, input));
}

export async function editPlan(
  scope: Pick<PlatformScope, 'db'>,
  id: string,
  input: PlanInput,
): Promise<Plan> {
  const row = await updatePlan(scope.db, id, input);
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
