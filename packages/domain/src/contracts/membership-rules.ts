import { z } from 'zod';

/**
 * A studio's rules for members' own membership changes in the portal
 * (docs/product/member-portal.md#membership): the notice a cancellation needs, and how long and
 * how often a member may pause.
 */
export const MEMBERSHIP_RULE_LIMITS = {
  cancelNoticeDays: { min: 0, max: 180 },
  pauseDays: { min: 1, max: 365 },
  pausesPerYear: { min: 0, max: 12 },
} as const;

const days = (label: string, min: number, max: number, unit = 'days') =>
  z
    .number({ error: `${label} must be a whole number of ${unit}` })
    .int(`${label} must be a whole number of ${unit}`)
    .min(min, `${label} is at least ${min} ${unit}`)
    .max(max, `${label} is at most ${max} ${unit}`);

const { cancelNoticeDays, pauseDays, pausesPerYear } = MEMBERSHIP_RULE_LIMITS;

export const membershipRulesSchema = z
  .object({
    cancelNoticeDays: days('Notice period', cancelNoticeDays.min, cancelNoticeDays.max),
    pauseMinDays: days('Shortest pause', pauseDays.min, pauseDays.max),
    pauseMaxDays: days('Longest pause', pauseDays.min, pauseDays.max),
    pausesPerYear: days('Pauses a year', pausesPerYear.min, pausesPerYear.max, 'pauses'),
  })
  .refine((rules) => rules.pauseMaxDays >= rules.pauseMinDays, {
    message: 'Longest pause must be at least the shortest pause',
    path: ['pauseMaxDays'],
  });
export type MembershipRules = z.infer<typeof membershipRulesSchema>;

export const DEFAULT_MEMBERSHIP_RULES: MembershipRules = {
  cancelNoticeDays: 0,
  pauseMinDays: 7,
  pauseMaxDays: 90,
  pausesPerYear: 2,
};
