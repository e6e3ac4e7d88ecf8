import { Link, Navigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCurrentOrganization } from '@/lib/session';
import { PlanDashboard } from '../components/plan-dashboard';
import { StaffDashboard } from '../components/staff-dashboard';
import { isSubscriptionTier } from '../components/tier-config';

/** /dashboard (the organization's tier), /dashboard/{basic,pro,enterprise} and /dashboard/staff. */
export function DashboardRoute() {
  const { tier: tierParam } = useParams();
  const { organization, role } = useCurrentOrganization();

  if (!organization) {
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">You are not part of a gym organization yet.</p>
        <Button asChild>
          <Link to="/setup">Setup Your Gym</Link>
        </Button>
      </div>
    );
  }

  if (tierParam === 'staff') return <StaffDashboard role={role} organization={organization} />;
  // Staff and trainers land on their own dashboard; the plan pages are the owners' view of the
  // studio's plan (docs/product/dashboards.md).
  if (tierParam === undefined && (role === 'staff' || role === 'trainer'))
    return <Navigate to="/dashboard/staff" replace />;
  if (tierParam !== undefined && !isSubscriptionTier(tierParam))
    return <Navigate to="/dashboard" replace />;

  const tier = tierParam ?? organization.subscriptionTier;
  return <PlanDashboard key={tier} tier={tier} organization={organization} />;
}
