import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';

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
