import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gymServices } from '../../db/schema/members.ts';

export type ServiceRow = typeof gymServices.$inferSelect;
type ServiceValues = Pick<
  typeof gymServices.$inferInsert,
  'name' | 'description' | 'price' | 'durationMinutes' | 'isActive'
>;

/** docs/product/services.md: ordered by name (case-insensitively, the same on every collation). */
export async function listServices(
  db: Db,
  organizationId: string,
  filter: { active?: boolean } = {},
): Promise<ServiceRow[]> {
  const where =
    filter.active === undefined
      ? eq(gymServices.organizationId, organizationId)
      : and(
          eq(gymServices.organizationId, organizationId),
          eq(gymServices.isActive, filter.active),
        );
  return db
    .select()
    .from(gymServices)
    .where(where)
    .orderBy(asc(sql`lower(${gymServices.name})`), asc(gymServices.name), asc(gymServices.id));
}

export async function insertService(
  tx: Db | Tx,
  organizationId: string,
  values: ServiceValues,
): Promise<ServiceRow> {
  const [row] = await tx
    .insert(gymServices)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('insert gym_services returned no row');
  return row;
}

/** Null when no such service exists in this organization. */
export async function updateService(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  values: Partial<ServiceValues>,
): Promise<ServiceRow | null> {
  const [row] = await tx
    .update(gymServices)
    .set(values)
    .where(and(eq(gymServices.organizationId, organizationId), eq(gymServices.id, id)))
    .returning();
  return row ?? null;
}

/** Whether a service of this organization was deleted. */
export async function deleteService(
  tx: Db | Tx,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await tx
    .delete(gymServices)
    .where(and(eq(gymServices.organizationId, organizationId), eq(gymServices.id, id)))
    .returning({ id: gymServices.id });
  return rows.length > 0;
}
