import type { MemberUpdate } from '@fitbase/domain/contracts/members';
import { assertMayHaveNoEmail } from '../modules/households/households.service.ts';
import { editMember as editMemberRecord } from '../modules/members/members.service.ts';

type Scope = Parameters<typeof editMemberRecord>[0];

/**
 * Editing a member (the member dashboard). Clearing the email is allowed only for a household
 * member who is not its payer (docs/product/members.md#households): checked with the member row
 * locked, in the edit's transaction, so the household cannot change in between.
 */
export async function editMember(scope: Scope, id: string, patch: MemberUpdate) {
  if (patch.email !== null) return editMemberRecord(scope, id, patch);
  return scope.db.transaction(async (tx) => {
    await assertMayHaveNoEmail({ ...scope, db: tx }, id);
    return editMemberRecord({ ...scope, db: tx }, id, patch);
  });
}
