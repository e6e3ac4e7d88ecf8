import { asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  profiles,
  subscriptionPlans,
  trialRequests,
  userSubscriptions,
} from '../../db/schema/platform.ts';
import { afterCursor, cursorTimestamp, newestFirst, type Cursor } from '../../db/keyset.ts';

/**
 * Analytics figures (docs/product/owner-portal.md#analytics), each one aggregate in the database.
 */
export async function countProfiles(db: Db, since?: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(since ? gte(profiles.createdAt, since) : undefined);
  return row?.n ?? 0;
}

/**
 * Active subscriptions per plan with the plan's monthly price summed in numeric, so the
 * revenue is exact to the cent (never summed as floating point).
 */
export function activeSubscriptionsByPlan(db: Db) {
  const subscriptions = count();
  return db
    .select({
      planId: subscriptionPlans.id,
      planName: subscriptionPlans.name,
      subscriptions,
      revenue: sql<string>`sum(${subscriptionPlans.priceMonthly})::text`,
    })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(eq(userSubscriptions.status, 'active'))
    .groupBy(subscriptionPlans.id, subscriptionPlans.name)
    .orderBy(desc(subscriptions), asc(subscriptionPlans.name));
}

export async function totalActiveRevenue(db: Db): Promise<string> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${subscriptionPlans.priceMonthly}), 0)::numeric(14, 2)::text`,
    })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(eq(userSubscriptions.status, 'active'));
  return row?.total ?? '0.00';
}

export function listTrialRequestsPage(db: Db, options: { cursor: Cursor | null; limit: number }) {
  return db
    .select({
      id: trialRequests.id,
      businessName: trialRequests.businessName,
      contactName: trialRequests.contactName,
      email: trialRequests.email,
      phone: trialRequests.phone,
      businessType: trialRequests.businessType,
      currentMembers: trialRequests.currentMembers,
      location: trialRequests.location,
      currentSoftware: trialRequests.currentSoftware,
      challenges: trialRequests.challenges,
      createdAt: trialRequests.createdAt,
      cursorTs: cursorTimestamp(trialRequests.createdAt),
    })
    .from(trialRequests)
    .where(afterCursor(trialRequests.createdAt, trialRequests.id, options.cursor))
    .orderBy(...newestFirst(trialRequests.createdAt, trialRequests.id))
    .limit(options.limit + 1);
}
