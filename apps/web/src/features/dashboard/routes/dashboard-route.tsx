import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentOrganization } from '@/lib/session';

const TIER_TITLES: Record<string, string> = {
  trial: 'Trial Dashboard',
  basic: 'Basic Dashboard',
  pro: 'Pro Dashboard',
  enterprise: 'Enterprise Dashboard',
  staff: 'Staff Dashboard',
};

const TIER_LABELS: Record<string, string> = {
  trial: '14-Day Free Trial',
  basic: 'Basic',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** /dashboard (the organization's tier) and /dashboard/{tier}. Issue #3 adds the figures. */
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

  const tier = tierParam ?? organization.subscriptionTier;
  const title = TIER_TITLES[tier] ?? 'Dashboard';
  const limit = organization.maxMembers === null ? 'Unlimited' : String(organization.maxMembers);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {tier === 'staff' && role ? <Badge variant="secondary">{capitalize(role)} Access</Badge> : null}
      </div>
      <p className="text-muted-foreground">{organization.name}</p>
      <Card className="max-w-md">
        <CardHeader>
          <CardTitle>Gym Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-muted-foreground">Plan</dt>
            <dd className="font-medium">{TIER_LABELS[organization.subscriptionTier] ?? organization.subscriptionTier}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd className="font-medium">{capitalize(organization.subscriptionStatus)}</dd>
            <dt className="text-muted-foreground">Member Limit</dt>
            <dd className="font-medium">{limit}</dd>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
