import type { Analytics, TrialRequestPage } from '@fitbase/domain/contracts/owner-portal';
import type { PlatformScope } from '../../http/types.ts';
import {
  activeSubscriptionsByPlan,
  countProfiles,
  listTrialRequestsPage,
  totalActiveRevenue,
} from './analytics.queries.ts';
import { decodeCursor, toPage } from '../../db/keyset.ts';

/** The first instant of the current month in UTC: platform figures belong to no studio's time zone. */
export function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function getAnalytics(
  scope: Pick<PlatformScope, 'db'>,
  now = new Date(),
): Promise<Analytics> {
  const { db } = scope;
  const [totalUsers, newUsersThisMonth, byPlan, monthlyRevenue] = await Promise.all([
    countProfiles(db),
    countProfiles(db, startOfMonthUtc(now)),
    activeSubscriptionsByPlan(db),
    totalActiveRevenue(db),
  ]);
  return {
    totalUsers,
    activeSubscriptions: byPlan.reduce((sum, p) => sum + p.subscriptions, 0),
    monthlyRevenue,
    newUsersThisMonth,
    planDistribution: byPlan.map((p) => ({
      planId: p.planId,
      planName: p.planName,
      subscriptions: p.subscriptions,
    })),
  };
}

/**
 * Stored trial requests, newest first (owners and admins read them here:
 * docs/product/owner-portal.md#trial-requests).
 */
export async function listTrialRequests(
  scope: Pick<PlatformScope, 'db'>,
  query: { cursor?: string; limit: number },
): Promise<TrialRequestPage> {
  const rows = await listTrialRequestsPage(scope.db, {
    cursor: decodeCursor(query.cursor, 'uuid'),
    limit: query.limit,
  });
  return toPage(rows, query.limit, ({ cursorTs: _cursorTs, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
  }));
}
