import { MemberMessages } from '@/features/conversations/components/member-messages';
import { MembershipPanel } from '@/features/memberships/components/membership-panel';
import { PaymentsHistory } from '@/features/memberships/components/payments-history';
import { MemberRoute } from '@/features/members/routes/member-route';
import { useCurrentOrganization } from '@/lib/session';

/**
 * /member/{id}: the members feature's dashboard with the memberships feature's panels in its
 * Membership and Payment Methods tabs, and the conversations feature's thread. Composed here, in the app shell, because features never
 * import each other.
 */
export function MemberScreen() {
  const { role } = useCurrentOrganization();
  return (
    <MemberRoute
      money={{
        memberships: ({ memberId }) => <MembershipPanel memberId={memberId} role={role} />,
        payments: ({ memberId, timeZone }) => (
          <PaymentsHistory memberId={memberId} role={role} timeZone={timeZone} />
        ),
      }}
      messages={(args) => <MemberMessages {...args} />}
    />
  );
}
