import { Activity, UserPlus, Users } from 'lucide-react';
import { SummaryCard, SummaryCardRow } from '@/components/summary-card';
import { useMembersSummary } from '@/entities/members/api/get-members-summary';

/**
 * docs/product/members.md#members-directory: Total Members; Active Today (members whose status is
 * active); New This Month.
 */
export function MembersSummaryCards() {
  const { data } = useMembersSummary();
  return (
    <SummaryCardRow label="Member statistics">
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
    </SummaryCardRow>
  );
}
