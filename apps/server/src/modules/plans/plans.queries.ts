import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gymServices } from '../../db/schema/members.ts';
import { memberships, plans } from '../../db/schema/money.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PlanValues = Omit<
  typeof plans.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

/** Memberships of the plan a member holds now (active, past due or paused). */
const activeMemberships = sql<number>`(
  select count(*)::int from ${memberships} m
  where m.organization_id = ${plans.organizationId} and m.plan_id = ${plans.id}
    and m.status in ('active', 'past_due', 'paused'))`;

const planColumns = {
  plan: plans,
  serviceName: gymServices.name,
  activeMemberships,
};

export type PlanListRow = { plan: PlanRow; serviceName: string | null; activeMemberships: number };

function selectPlans(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(planColumns)
    .from(plans)
    .leftJoin(
      gymServices,
      and(
        eq(gymServices.organizationId, plans.organizationId),
        eq(gymServices.id, plans.serviceId),
      ),
    )
    .where(where);
}

/** docs/product/money-and-store.md#plans-and-memberships: by service, then name. */
export async function listPlans(
  db: Db | Tx,
  organizationId: string,
  filter: { serviceId?: string; active?: boolean },
): Promise<PlanListRow[]> {
  const conditions = [eq(plans.organizationId, organizationId)];
  if (filter.serviceId) conditions.push(eq(plans.serviceId, filter.serviceId));
  if (filter.active !== undefined) conditions.push(eq(plans.isActive, filter.active));
  return selectPlans(db, and(...conditions)).orderBy(
    asc(sql`lower(coalesce(${gymServices.name}, ''))`),
    asc(sql`lower(${plans.name})`),
    asc(plans.id),
  );
}

export async function findPlan(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<PlanListRow | null> {
  const [row] = await selectPlans(
    db,
    and(eq(plans.organizationId, organizationId), eq(plans.id, id)),
  ).limit(1);
  return row ?? null;
}

export async function serviceExists(
  db: Db | Tx,
  organizationId: string,
  serviceId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: gymServices.id })
    .from(gymServices)
    .where(and(eq(gymServices.organizationId, organizationId), eq(gymServices.id, serviceId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertPlan(
  tx: Db | Tx,
  organizationId: string,
  values: PlanValues,
): Promise<PlanRow> {
  const [row] = await tx
    .insert(plans)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('insert plans returned no row');
  return row;
}

export async function updatePlan(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  values: Partial<PlanValues>,
): Promise<PlanRow | null> {
  const [row] = await tx
    .update(plans)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(plans.organizationId, organizationId), eq(plans.id, id)))
    .returning();
  return row ?? null;
}

/** Whether the plan was ever sold (any membership of it, whatever its status). */
export async function planWasSold(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.planId, id)))
    .limit(1);
  return rows.length > 0;
}

export async function deletePlan(tx: Db | Tx, organizationId: string, id: string) {
  const rows = await tx
    .delete(plans)
    .where(and(eq(plans.organizationId, organizationId), eq(plans.id, id)))
    .returning({ id: plans.id });
  return rows.length > 0;
}
