import {
  DEFAULT_MEMBERSHIP_RULES,
  type MembershipRules,
} from '@fitbase/domain/contracts/membership-rules';
import type { Db, Tx } from '../../db/client.ts';
import type { StudioScope } from '../../http/types.ts';
import { findMembershipRules, upsertMembershipRules } from './membership-rules.queries.ts';

/**
 * The studio's rules for members' own membership changes in the portal (Settings › Memberships:
 * the notice a cancellation needs; docs/product/member-portal.md#membership).
 */
export async function loadMembershipRules(
  db: Db | Tx,
  organizationId: string,
): Promise<MembershipRules> {
  return (await findMembershipRules(db, organizationId)) ?? DEFAULT_MEMBERSHIP_RULES;
}

export const getMembershipRules = (scope: Pick<StudioScope, 'organizationId' | 'db'>) =>
  loadMembershipRules(scope.db, scope.organizationId);

export const saveMembershipRules = (scope: StudioScope, input: MembershipRules) =>
  upsertMembershipRules(scope.db, scope.organizationId, input);
