import { eq } from 'drizzle-orm';
import type { MembershipRules } from '@fitbase/domain/contracts/membership-rules';
import type { Db, Tx } from '../../db/client.ts';
import { membershipRules } from '../../db/schema/money.ts';

const ruleColumns = {
  cancelNoticeDays: membershipRules.cancelNoticeDays,
  pauseMinDays: membershipRules.pauseMinDays,
  pauseMaxDays: membershipRules.pauseMaxDays,
  pausesPerYear: membershipRules.pausesPerYear,
};

export async function findMembershipRules(db: Db | Tx, organizationId: string) {
  const [row] = await db
    .select(ruleColumns)
    .from(membershipRules)
    .where(eq(membershipRules.organizationId, organizationId));
  return row ?? null;
}

export async function upsertMembershipRules(
  db: Db | Tx,
  organizationId: string,
  input: MembershipRules,
) {
  const [row] = await db
    .insert(membershipRules)
    .values({ organizationId, ...input })
    .onConflictDoUpdate({
      target: membershipRules.organizationId,
      set: { ...input, updatedAt: new Date() },
    })
    .returning(ruleColumns);
  return row!;
}
