import type { SubscriptionTier } from '@fitbase/domain/constants';
import type { OrganizationMembership } from '@fitbase/domain/contracts/organizations';
import { can } from '@fitbase/domain/permissions';
import { Badge } from '@/components/ui/badge';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/session';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { useRevenueSummary } from '../api/get-revenue-summary';
import { FeatureList, QuickActions, UpgradeBanner } from './dashboard-panels';
import { GymDetailsCard } from './gym-details-card';
import { RecentActivity } from './recent-activity';
import { StatCards } from './stat-cards';
import { TIER_CONFIG } from './tier-config';

/**
 * A plan page (docs/product/dashboards.md): the layout, actions and features of `tier`, with the
 * organization's real figures (its own member limit, today's check-ins, its last visits, and
 * this month's change against the same days of the previous month).
 */
export function PlanDashboard({
  tier,
  organization,
}: {
  tier: SubscriptionTier;
  organization: OrganizationMembership;
}) {
  const config = TIER_CONFIG[tier];
  const { data: me } = useMe();
  const summary = useDashboardSummary();
  const revenue = useRevenueSummary();
  const maxMembers = summary.data ? summary.data.maxMembers : organization.maxMembers;
  // Plan and billing prompts are for those who may change the studio's settings (owner, admin).
  const showUpgrade = config.upgrade !== null && can(organization.role, 'organization.settings');

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{config.title}</h1>
          <Badge variant="secondary">{config.planName}</Badge>
        </div>
        <p className="text-muted-foreground">
          {organization.name} · {config.tagline}
        </p>
      </div>

      {showUpgrade && config.upgrade ? <UpgradeBanner offer={config.upgrade} /> : null}

      {summary.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(summary.error, 'Failed to load dashboard')}
        </p>
      ) : null}

      <StatCards
        showClassesThisWeek={config.showClassesThisWeek}
        stats={{
          memberCount: summary.data?.memberCount ?? null,
          maxMembers,
          activeToday: summary.data?.activeToday ?? null,
          membersAdded: summary.data?.membersAdded ?? null,
          checkIns: summary.data?.checkIns ?? null,
          classesThisWeek: summary.data?.classesThisWeek ?? null,
          revenue: revenue.data
            ? { current: revenue.data.monthlyRevenue, previous: revenue.data.previousMonthToDate }
            : null,
        }}
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <QuickActions config={config} isPlatformOwner={me?.platformRole === 'owner'} />
          <RecentActivity visits={summary.data?.recentVisits ?? []} isLoading={summary.isPending} />
        </div>
        <div className="space-y-6">
          <GymDetailsCard organization={organization} maxMembers={maxMembers} />
          <FeatureList config={config} />
        </div>
      </div>
    </div>
  );
}
