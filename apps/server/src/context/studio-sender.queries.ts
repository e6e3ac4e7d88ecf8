import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { organizations } from '../db/schema/organizations.ts';

/** The studio as a sender of email (name, slug, postal address, brand). */
export async function findSender(db: Db | Tx, organizationId: string) {
  const [row] = await db
    .select({
      name: organizations.name,
      slug: organizations.slug,
      postalAddress: organizations.postalAddress,
      primaryColor: organizations.primaryColor,
      logoUrl: organizations.logoUrl,
      currency: organizations.currency,
      locale: organizations.locale,
      timeZone: organizations.timezone,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}
