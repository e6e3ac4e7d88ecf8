import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { organizations } from '../db/schema/organizations.ts';

/** The studio's stored IANA time zone, or null when there is no such organization. */
export async function organizationTimeZone(
  tx: Db | Tx,
  organizationId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.timezone ?? null;
}
