import { Activity, type LucideIcon, UserPlus, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMembersSummary } from '../api/get-members-summary';

function SummaryCard({
  title,
  value,
  hint,
  icon: Icon,
}: {
  title: string;
  value: number | undefined;
  hint: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">
          {value === undefined ? '–' : value.toLocaleString('en-US')}
        </p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/**
 * docs/product/members.md#members-directory: Total Members; Active Today (members whose status is
 * active); New This Month.
 */
export function MembersSummaryCards({ organizationId }: { organizationId: string }) {
  const { data } = useMembersSummary(organizationId);
  return (
    <section aria-label="Member statistics" className="grid gap-4 sm:grid-cols-3">
      <SummaryCard
        title="Total Members"
        value={data?.totalMembers}
        hint="All members of your gym"
        icon={Users}
      />
      <SummaryCard
        title="Active Today"
        value={data?.activeMembers}
        // Same title as the dashboards' card, which counts today's check-ins: say the difference.
        hint="Members whose membership is active (not today's check-ins)"
        icon={Activity}
      />
      <SummaryCard
        title="New This Month"
        value={data?.newThisMonth}
        hint="Joined in the last month"
        icon={UserPlus}
      />
    </section>
  );
}
