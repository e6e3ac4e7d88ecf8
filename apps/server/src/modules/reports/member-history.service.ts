import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  activeMemberIdsSql,
  selectMemberStatusCounts,
  type MemberStatusCounts,
} from './membership-reports.sql.ts';

/**
 * Members as of a past day, from the membership history (add-ons excluded): Active, Paused,
 * Expired by the definitions of report-catalog.ts 'members' and report-rules.ts memberStatusOn
 * (docs/product/reports-and-analytics.md#members). Shared by the Members report and Analytics.
 */

/** Active, Paused and Expired member counts on each day (local YYYY-MM-DD), in the given order. */
export async function memberStatusCountsOn(
  db: Db | Tx,
  organizationId: string,
  days: string[],
): Promise<MemberStatusCounts[]> {
  return selectMemberStatusCounts(db, organizationId, days);
}

/**
 * A subquery selecting `member_id` of the members Active on `day` (distinct), to compose in
 * other queries. Not parenthesised: sql`m.id in (${activeMemberIdsOnSql(org, day)})`.
 */
export function activeMemberIdsOnSql(organizationId: string, day: string): SQL {
  return activeMemberIdsSql(organizationId, day);
}

/**
 * The day-mask building blocks, for Analytics to count its member figures with the very rules
 * of the Members report (one pass over the memberships for many days).
 */
export {
  bitSql,
  countsByIndexSql,
  coveredMaskSql,
  hasBit,
  MASK_DAYS,
  maskChunks,
  memberMasksCte,
  pauseMasksCte,
} from './member-day-masks.sql.ts';
