import type { OrganizationMembership } from '@fitbase/domain/contracts/organizations';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const PLAN_LABELS: Record<OrganizationMembership['subscriptionTier'], string> = {
  trial: '14-Day Free Trial',
  basic: 'Basic',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

function words(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Plan, Status and Member Limit of the organization as recorded (not the page's tier). */
export function GymDetailsCard({
  organization,
  maxMembers,
}: {
  organization: OrganizationMembership;
  maxMembers: number | null;
}) {
  const { locale } = useStudioFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Gym Details</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="font-medium">{PLAN_LABELS[organization.subscriptionTier]}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd className="font-medium">{words(organization.subscriptionStatus)}</dd>
          <dt className="text-muted-foreground">Member Limit</dt>
          <dd className="font-medium">
            {maxMembers === null ? 'Unlimited' : maxMembers.toLocaleString(locale)}
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}
