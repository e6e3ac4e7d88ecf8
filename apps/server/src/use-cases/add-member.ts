import { createMember } from '../modules/members/members.service.ts';
import { sellPlanToNewMember } from '../modules/memberships/memberships.service.ts';

/**
 * Adding a member (the members wizard): the member, within the studio's limit, and the wizard's
 * plan sold to them in the same transaction, so there is no member without their membership.
 * `now` is when (the request's time; the demo's history passes past ones).
 */
export async function addMember(
  scope: Parameters<typeof createMember>[0],
  input: Parameters<typeof createMember>[1],
  now: Date = new Date(),
) {
  return createMember(
    scope,
    input,
    (tx, memberId, plan) =>
      sellPlanToNewMember(tx, { ...scope, userId: scope.user.id }, memberId, plan, now),
    now,
  );
}
