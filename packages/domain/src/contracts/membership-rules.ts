import { z } from 'zod';

/**
 * A studio's rules for members' own membership changes in the portal
 * (docs/product/member-portal.md#membership): the notice a cancellation needs.
 */
export const MEMBERSHIP_RULE_LIMITS = { cancelNoticeDays: { min: 0, max: 180 } } as const;

export const membershipRulesSchema = z.object({
  cancelNoticeDays: z
    .number({ error: 'Notice period must be a whole number of days' })
    .int('Notice period must be a whole number of days')
    .min(MEMBERSHIP_RULE_LIMITS.cancelNoticeDays.min, 'Notice period is at least 0 days')
    .max(MEMBERSHIP_RULE_LIMITS.cancelNoticeDays.max, 'Notice period is at most 180 days'),
});
export type MembershipRules = z.infer<typeof membershipRulesSchema>;

export const DEFAULT_MEMBERSHIP_RULES: MembershipRules = { cancelNoticeDays: 0 };
