import type {
  PortalMembershipCancel,
  PortalMembershipCancelTerms,
  PortalMemberships,
} from '@fitbase/domain/contracts/portal';
import type { MemberScope } from '../../http/types.ts';
import { addDays } from '@fitbase/domain/recurrence';
import {
  cancelMembershipOnline,
  onlineCancelTerms,
  pausableOnline,
  pauseMembershipOnline,
} from '../memberships/membership-online.service.ts';
import { loadMembershipRules } from '../memberships/membership-rules.service.ts';
import { currentMemberships } from './portal.sql.ts';

/** The member's `Membership` page: their plans, next charge, credits; cancelling online. */
export async function portalMemberships(scope: MemberScope): Promise<PortalMemberships> {
  const found = await currentMemberships(scope.db, scope.organizationId, scope.memberId);
  const { pauseMinDays, pauseMaxDays, pausesPerYear } = await loadMembershipRules(
    scope.db,
    scope.organizationId,
  );
  return {
    memberships: found.map((m) => {
      const billed = m.kind === 'membership' && m.next_billing_date !== null;
      return {
        id: m.id,
        planName: m.plan_name,
        kind: m.kind,
        status: m.status,
        startDate: m.start_date,
        endDate: m.end_date,
        nextChargeDate: billed ? m.next_billing_date : null,
        nextChargeAmount: billed ? m.price : null,
        creditsLeft: m.credits_remaining,
        pausedOn: m.paused_on,
        resumesOn: m.resumes_on,
        ending: m.cancel_at_period_end,
        canCancel: m.kind === 'membership' && !m.cancel_at_period_end,
        canPause: pausableOnline({
          kind: m.kind,
          status: m.status,
          cancelAtPeriodEnd: m.cancel_at_period_end,
          pauseStartsOn: m.pause_starts_on,
        }),
        scheduledPause:
          m.pause_starts_on && m.pause_resumes_on
            ? { firstDay: m.pause_starts_on, lastDay: addDays(m.pause_resumes_on, -1) }
            : null,
      };
    }),
    pauseRules: { pauseMinDays, pauseMaxDays, pausesPerYear },
  };
}

export const pausePortalMembership = (
  scope: MemberScope,
  id: string,
  input: { firstDay: string; lastDay: string },
) => pauseMembershipOnline(scope, scope.memberId, id, input);

export const portalMembershipCancelTerms = (
  scope: MemberScope,
  id: string,
): Promise<PortalMembershipCancelTerms> => onlineCancelTerms(scope, scope.memberId, id);

export const cancelPortalMembership = (
  scope: MemberScope,
  id: string,
  input: PortalMembershipCancel,
): Promise<PortalMembershipCancelTerms> => cancelMembershipOnline(scope, scope.memberId, id, input);
