import { can } from '@fitbase/domain/permissions';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { useCurrentOrganization } from '@/lib/session';
import { useReportLoadFailure } from '@/lib/report-error';
import { useMember } from '../api/get-member';
import { ActivityTab } from '../components/member-dashboard/activity-tab';
import { EditMemberDialog } from '../components/member-dashboard/edit-member-dialog';
import { MemberHeader } from '../components/member-dashboard/member-header';
import {
  HealthTab,
  MembershipTab,
  OverviewTab,
} from '../components/member-dashboard/member-info-tabs';
import { MemberTags } from '../components/member-dashboard/member-tags';
import { MemberHousehold } from '../components/member-dashboard/member-household';
import { PaymentMethodsTab } from '../components/member-dashboard/payment-methods-tab';
import { WaiverCard } from '../components/member-dashboard/waiver-card';

const TABS = ['overview', 'membership', 'payment-methods', 'health', 'activity'];

/** The payment page sends the user back to the Payment Methods tab (router state, same URL). */
function initialTab(state: unknown): string {
  const tab = (state as { tab?: unknown } | null)?.tab;
  return typeof tab === 'string' && TABS.includes(tab) ? tab : 'overview';
}

function BackToMembers() {
  return (
    <Button variant="ghost" asChild className="-ml-3">
      <Link to="/members">
        <ArrowLeft aria-hidden />
        Back to Members
      </Link>
    </Button>
  );
}

/**
 * What the app shell adds to the dashboard (a slot: features never import each other): the
 * memberships on the Membership tab and the payments under the cards
 * (docs/product/money-and-store.md#member-dashboard).
 */
export interface MemberMoneySlots {
  memberships: (args: { memberId: string }) => ReactNode;
  payments: (args: { memberId: string; timeZone: string }) => ReactNode;
}

/** The member's conversation and its Message button (the conversations feature, via the app shell). */
export type MemberMessagesSlot = (args: { memberId: string; memberName: string }) => ReactNode;

/** /member/{id} (docs/product/members.md#member-dashboard). */
export function MemberRoute({
  money,
  messages,
}: { money?: MemberMoneySlots; messages?: MemberMessagesSlot } = {}) {
  const { memberId = '' } = useParams();
  const location = useLocation();
  const { organization, role } = useCurrentOrganization();
  const member = useMember(memberId);
  const [editing, setEditing] = useState(false);
  const notFound = member.error instanceof ApiError && member.error.status === 404;

  useReportLoadFailure(member.isError && !notFound, 'Failed to load member information');

  if (member.isPending) {
    return <p className="text-muted-foreground">Loading...</p>;
  }
  if (member.isError) {
    return (
      <div className="space-y-4">
        <BackToMembers />
        <p className="text-lg font-medium">
          {notFound ? 'Member not found' : 'Failed to load member information'}
        </p>
      </div>
    );
  }

  const data = member.data;
  return (
    <div className="space-y-6">
      <BackToMembers />
      <MemberHeader
        member={data}
        canEdit={can(role, 'members.edit')}
        canAddPayment={can(role, 'payment_methods.create')}
        onEdit={() => setEditing(true)}
      />
      <MemberTags memberId={data.id} canEdit={can(role, 'members.edit')} />
      <MemberHousehold member={data} canEdit={can(role, 'members.edit')} />
      {messages && can(role, 'messages.send')
        ? messages({
            memberId: data.id,
            memberName: `${data.firstName} ${data.lastName}`.trim(),
          })
        : null}
      <Tabs defaultValue={initialTab(location.state)}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="membership">Membership</TabsTrigger>
          <TabsTrigger value="payment-methods">Payment Methods</TabsTrigger>
          <TabsTrigger value="health">Health & Safety</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab member={data} />
          <div className="mt-4">
            <WaiverCard memberId={data.id} />
          </div>
        </TabsContent>
        <TabsContent value="membership">
          <MembershipTab member={data} memberships={money?.memberships({ memberId: data.id })} />
        </TabsContent>
        <TabsContent value="payment-methods">
          <PaymentMethodsTab memberId={data.id} canAdd={can(role, 'payment_methods.create')} />
          {money ? (
            <div className="mt-4">
              {money.payments({
                memberId: data.id,
                timeZone: organization?.timezone ?? 'UTC',
              })}
            </div>
          ) : null}
        </TabsContent>
        <TabsContent value="health">
          <HealthTab member={data} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab memberId={data.id} timeZone={organization?.timezone ?? 'UTC'} />
        </TabsContent>
      </Tabs>
      {can(role, 'members.edit') ? (
        <EditMemberDialog member={data} open={editing} onOpenChange={setEditing} />
      ) : null}
    </div>
  );
}
