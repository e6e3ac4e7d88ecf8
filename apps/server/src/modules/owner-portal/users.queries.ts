import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  profiles,
  subscriptionPlans,
  userRoles,
  userSubscriptions,
} from '../../db/schema/platform.ts';
import { afterCursor, cursorTimestamp, newestFirst, type Cursor } from '../../db/keyset.ts';

/** `%`, `_` and `\` typed in the search box are literal characters, not LIKE wildcards. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of profiles, newest first (docs/product/owner-portal.md#user-management), with the
 * platform role and the plan of the newest active subscription. Walks profiles_created_at_idx, so a
 * page costs the same at any depth.
 */
export async function listUsersPage(
  db: Db,
  options: { q?: string; cursor: Cursor | null; limit: number },
) {
  const search = options.q ? containsPattern(options.q) : null;
  const planName = sql<string | null>`(
    select ${subscriptionPlans.name} from ${userSubscriptions}
    join ${subscriptionPlans} on ${subscriptionPlans.id} = ${userSubscriptions.planId}
    where ${userSubscriptions.userId} = ${profiles.id} and ${userSubscriptions.status} = 'active'
    order by ${userSubscriptions.createdAt} desc limit 1)`;
  return db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      role: userRoles.role,
      planName,
      createdAt: profiles.createdAt,
      cursorTs: cursorTimestamp(profiles.createdAt),
    })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(
      and(
        // lower(column) LIKE: the form a trigram index on lower(email) / lower(full_name) serves.
        search
          ? or(
              like(sql`lower(${profiles.email})`, search),
              like(sql`lower(${profiles.fullName})`, search),
            )
          : undefined,
        afterCursor(profiles.createdAt, profiles.id, options.cursor),
      ),
    )
    .orderBy(...newestFirst(profiles.createdAt, profiles.id))
    .limit(options.limit + 1);
}

export async function profileExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return Boolean(row);
}
