import { createMember } from '../modules/members/members.service.ts';
import { sellPlanToNewMember } from '../modules/memberships/memberships.service.ts';

type CreateMember = Parameters<typeof createMember>;

/**
 * Adding a member (the members wizard): the member, within the studio's limit, and the wizard's
 * plan sold to them in the same transaction, so there is no member without their membership.
 */
export async function addMember(
  db: CreateMember[0],
  org: CreateMember[1],
  user: CreateMember[2],
  input: CreateMember[3],
) {
  return createMember(db, org, user, input, (tx, memberId, plan) =>
    sellPlanToNewMember(tx, { ...org, userId: user.id }, memberId, plan),
  );
}
