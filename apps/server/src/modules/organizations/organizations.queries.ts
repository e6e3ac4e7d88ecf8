import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';
import { organizationSlugRedirects } from '../../db/schema/settings.ts';

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

/** Taken by a studio now, or before (a former slug keeps redirecting to its studio). */
export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug))
    .limit(1);
  if (rows.length > 0) return true;
  const former = await db
    .select({ slug: organizationSlugRedirects.slug })
    .from(organizationSlugRedirects)
    .where(eq(organizationSlugRedirects.slug, slug))
    .limit(1);
  return former.length > 0;
}
