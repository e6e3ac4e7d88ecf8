import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;

export async function insertOrganization(
  tx: Db | Tx,
  values: NewOrganization,
): Promise<OrganizationRow> {
  const [row] = await tx.insert(organizations).values(values).returning();
  if (!row) throw new Error('insert organizations returned no row');
  return row;
}

export async function insertOrganizationUser(
  tx: Db | Tx,
  values: typeof organizationUsers.$inferInsert,
): Promise<void> {
  await tx.insert(organizationUsers).values(values);
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug))
    .limit(1);
  return rows.length > 0;
}

/** A person's memberships with their organizations, oldest first (doc 1 §4). */
export async function listMembershipsOfUser(db: Db, userId: string) {
  return db
    .select({
      organization: organizations,
      role: organizationUsers.role,
      joinedAt: organizationUsers.joinedAt,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(eq(organizationUsers.userId, userId))
    .orderBy(asc(organizationUsers.joinedAt), asc(organizationUsers.id));
}

export async function findMembership(db: Db, organizationId: string, userId: string) {
  const [row] = await db
    .select({ role: organizationUsers.role })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The membership a request runs in, in one round trip (every organization-scoped request
 * asks): the remembered organization when the person still belongs to it, else the oldest.
 */
export async function findCurrentMembership(db: Db, userId: string) {
  const [row] = await db
    .select({ organizationId: organizationUsers.organizationId, role: organizationUsers.role })
    .from(organizationUsers)
    .leftJoin(profiles, eq(profiles.id, organizationUsers.userId))
    .where(eq(organizationUsers.userId, userId))
    .orderBy(
      desc(
        sql`${organizationUsers.organizationId} is not distinct from ${profiles.organizationId}`,
      ),
      asc(organizationUsers.joinedAt),
      asc(organizationUsers.id),
    )
    .limit(1);
  return row ?? null;
}
