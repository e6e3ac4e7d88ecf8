import { addHouseholdMember } from '../modules/households/households.service.ts';
import { createMember } from '../modules/members/members.service.ts';
import { sellPlanToNewMember } from '../modules/memberships/memberships.service.ts';

/**
 * Adding a member (the members wizard, a household's `Add a child`): the member, within the
 * studio's limit, the wizard's plan sold to them and the household joined, all in the same
 * transaction, so there is no member without their membership, and none without an email outside
 * a household (docs/product/members.md#households). `now` is when (the request's time; the demo's
 * history passes past ones).
 */
export async function addMember(
  scope: Parameters<typeof createMember>[0],
  input: Parameters<typeof createMember>[1],
  now: Date = new Date(),
) {
  return createMember(
    scope,
    input,
    async (tx, memberId, { plan, householdId }) => {
      if (householdId) await addHouseholdMember({ ...scope, db: tx }, householdId, memberId);
      if (plan)
        await sellPlanToNewMember(tx, { ...scope, userId: scope.user.id }, memberId, plan, now);
    },
    now,
  );
}
