import { RECENT_ACTIVITY_LIMIT } from '@fitbase/domain/constants';
import type { DashboardSummary } from '@fitbase/domain/contracts/members';
import type { Db } from '../../db/client.ts';
import type { OrganizationContext } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { assertPermission } from '../../lib/permissions.ts';
import { countMembersByStatus } from '../members/members.queries.ts';
import { countVisitsToday, findOrganizationPlan, listRecentVisits } from './dashboard.queries.ts';

/** Plan dashboards (doc 2 §2 "Dashboards"): member count over the limit, today's visits, recent activity. */
export async function getDashboardSummary(
  db: Db,
  org: OrganizationContext,
): Promise<DashboardSummary> {
  assertPermission(org, 'members.view');
  const plan = await findOrganizationPlan(db, org.organizationId);
  if (!plan) throw notFound('Organization');
  const [memberCount, activeToday, recent] = await Promise.all([
    countMembersByStatus(db, org.organizationId).then((c) => c.total),
    countVisitsToday(db, org.organizationId),
    listRecentVisits(db, org.organizationId, RECENT_ACTIVITY_LIMIT),
  ]);
  return {
    memberCount,
    maxMembers: plan.maxMembers,
    activeToday,
    recentVisits: recent.map((v) => ({
      id: v.id,
      visitDate: v.visitDate.toISOString(),
      visitType: v.visitType,
      member:
        v.memberId && v.firstName !== null && v.lastName !== null
          ? {
              id: v.memberId,
              firstName: v.firstName,
              lastName: v.lastName,
              profilePhotoUrl: v.profilePhotoUrl,
            }
          : null,
    })),
  };
}
