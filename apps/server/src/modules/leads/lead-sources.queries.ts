import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { leads, leadSources } from '../../db/schema/connect.ts';

export type LeadSourceRow = typeof leadSources.$inferSelect;

// Qualified by hand: in a single-table select Drizzle prints columns bare, which inside this
// subquery would name the leads' own columns.
const leadCount = sql<number>`(
  select count(*) from ${leads} as l
  where l.organization_id = "lead_sources"."organization_id" and l.source_id = "lead_sources"."id"
)`.mapWith(Number);

/** Every source with its number of leads, ordered by name (the spec's order). */
export async function listSources(db: Db | Tx, organizationId: string) {
  return db
    .select({
      id: leadSources.id,
      name: leadSources.name,
      isActive: leadSources.isActive,
      createdAt: leadSources.createdAt,
      leadCount,
    })
    .from(leadSources)
    .where(eq(leadSources.organizationId, organizationId))
    .orderBy(asc(sql`lower(${leadSources.name})`), asc(leadSources.id));
}

export async function findSourceWithCount(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await db
    .select({
      id: leadSources.id,
      name: leadSources.name,
      isActive: leadSources.isActive,
      createdAt: leadSources.createdAt,
      leadCount,
    })
    .from(leadSources)
    .where(and(eq(leadSources.organizationId, organizationId), eq(leadSources.id, id)));
  return row ?? null;
}

export async function findSource(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<LeadSourceRow | null> {
  const [row] = await db
    .select()
    .from(leadSources)
    .where(and(eq(leadSources.organizationId, organizationId), eq(leadSources.id, id)));
  return row ?? null;
}

export async function activeSources(db: Db | Tx, organizationId: string) {
  return db
    .select({ id: leadSources.id, name: leadSources.name })
    .from(leadSources)
    .where(and(eq(leadSources.organizationId, organizationId), eq(leadSources.isActive, true)))
    .orderBy(asc(sql`lower(${leadSources.name})`), asc(leadSources.id));
}

export async function insertSource(tx: Tx, organizationId: string, name: string) {
  const [row] = await tx.insert(leadSources).values({ organizationId, name }).returning();
  if (!row) throw new Error('insert lead_sources returned no row');
  return row;
}

export async function updateSource(
  tx: Tx,
  organizationId: string,
  id: string,
  values: { name?: string; isActive?: boolean },
) {
  const [row] = await tx
    .update(leadSources)
    .set(values)
    .where(and(eq(leadSources.organizationId, organizationId), eq(leadSources.id, id)))
    .returning({ id: leadSources.id });
  return row ?? null;
}
