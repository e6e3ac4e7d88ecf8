import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OrganizationRole } from '@fitbase/domain/constants';
import type { Db, Tx } from '../db/client.ts';
import { organizations, organizationUsers } from '../db/schema/organizations.ts';
import { profiles } from '../db/schema/platform.ts';

export interface Membership {
  organizationId: string;
  role: OrganizationRole;
}

/**
 * A person's membership, in one round trip: in `organizationId` when one is given (null when
 * they are not a member of it), else their default studio: the remembered current one while
 * they still belong to it, else the oldest (docs/product/organizations.md#current-organization).
 * Requests resolve theirs in `findRequestContext` (the same rule, joined to the session);
 * this one serves the checks made outside a request (switching studio, open event streams).
 */
export async function findMembership(
  db: Db | Tx,
  userId: string,
  organizationId?: string | null,
): Promise<Membership | null> {
  const conditions: SQL[] = [eq(organizationUsers.userId, userId)];
  if (organizationId) conditions.push(eq(organizationUsers.organizationId, organizationId));
  const [row] = await db
    .select({ organizationId: organizationUsers.organizationId, role: organizationUsers.role })
    .from(organizationUsers)
    .leftJoin(profiles, eq(profiles.id, organizationUsers.userId))
    .where(and(...conditions))
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

/** A person's memberships with their organizations, oldest first. */
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
