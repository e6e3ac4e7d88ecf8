import { z } from 'zod';
import { BILLING_INTERVALS, MEMBERSHIP_STATES, PLAN_KINDS } from '../money-constants.ts';
import { amountSchema, isoDateSchema, pageInfoSchema } from './money.ts';

/** Plans (pricing options) and members' memberships (docs/product/money-and-store.md). */

const optionalCount = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} is at most ${max}`)
    .nullable();

const planFields = {
  serviceId: z.uuid('Choose a service').nullable(),
  name: z
    .string({ error: 'Plan Name is required' })
    .trim()
    .min(1, 'Plan Name is required')
    .max(120, 'Plan Name is at most 120 characters'),
  description: z
    .string()
    .trim()
    .max(2000, 'Description is at most 2000 characters')
    .nullable()
    .transform((v) => (v ? v : null)),
  kind: z.enum(PLAN_KINDS, 'Choose a plan type'),
  price: amountSchema('Price', { allowZero: true }),
  billingInterval: z.enum(BILLING_INTERVALS, 'Choose week, month or year').nullable(),
  signupFee: amountSchema('Sign-up fee', { allowZero: true }),
  minimumTermPeriods: optionalCount('Minimum term', 1, 120),
  weeklyClassLimit: optionalCount('Classes per week', 1, 100),
  credits: optionalCount('Credits', 1, 1000),
  validityDays: optionalCount('Valid for (days)', 1, 3650),
  isActive: z.boolean(),
  /** `Sold online`: offered to members in their portal. */
  soldOnline: z.boolean('Sold online must be true or false'),
  /** The tax rate of the price and the sign-up fee (docs/product/money-and-store.md#tax). */
  taxRateId: z.uuid('Choose a tax rate').nullable(),
};

/**
 * Which fields each kind needs (the server refuses the rest with field messages):
 * membership → billingInterval; class_pack → credits + validityDays; drop_in → (credits 1);
 * trial → validityDays (its length); add_on → price only.
 */
export const planInputSchema = z.object({
  ...planFields,
  serviceId: planFields.serviceId.default(null),
  description: planFields.description.default(null),
  billingInterval: planFields.billingInterval.default(null),
  signupFee: planFields.signupFee.default('0.00'),
  minimumTermPeriods: planFields.minimumTermPeriods.default(null),
  weeklyClassLimit: planFields.weeklyClassLimit.default(null),
  credits: planFields.credits.default(null),
  validityDays: planFields.validityDays.default(null),
  isActive: planFields.isActive.default(true),
  soldOnline: planFields.soldOnline.default(false),
  taxRateId: planFields.taxRateId.default(null),
});
export type PlanInput = z.input<typeof planInputSchema>;

export const planUpdateSchema = z.object(planFields).partial();
export type PlanUpdate = z.input<typeof planUpdateSchema>;

export const planSchema = z.object({
  id: z.string(),
  serviceId: z.string().nullable(),
  serviceName: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(PLAN_KINDS),
  price: z.string(),
  billingInterval: z.enum(BILLING_INTERVALS).nullable(),
  signupFee: z.string(),
  minimumTermPeriods: z.number().int().nullable(),
  weeklyClassLimit: z.number().int().nullable(),
  credits: z.number().int().nullable(),
  validityDays: z.number().int().nullable(),
  isActive: z.boolean(),
  soldOnline: z.boolean(),
  taxRateId: z.string().nullable(),
  /** Memberships of this plan that are active or paused now. */
  activeMemberships: z.number().int(),
  createdAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.object({ plans: z.array(planSchema) });

// ---------------------------------------------------------------------------------------------
// Memberships

export const membershipSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  plan: z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(PLAN_KINDS),
    billingInterval: z.enum(BILLING_INTERVALS).nullable(),
    weeklyClassLimit: z.number().int().nullable(),
  }),
  status: z.enum(MEMBERSHIP_STATES),
  price: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  nextBillingDate: z.string().nullable(),
  creditsRemaining: z.number().int().nullable(),
  pausedOn: z.string().nullable(),
  resumesOn: z.string().nullable(),
  /** A pause booked for later (by the member online): its first day and the day it resumes. */
  pauseStartsOn: z.string().nullable(),
  pauseResumesOn: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  cancelReason: z.string().nullable(),
  failedAttempts: z.number().int(),
  nextRetryDate: z.string().nullable(),
  /** What the member still owes on this membership (failed dues not written off). */
  amountDue: z.string(),
  createdAt: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const memberMembershipsSchema = z.object({
  memberships: z.array(membershipSchema),
  /** Everything the member owes across memberships, fees and orders. */
  balanceOwed: z.string(),
});
export type MemberMemberships = z.infer<typeof memberMembershipsSchema>;

/** Sell a plan: charged now (first period + sign-up fee) by card on file, cash or other. */
export const membershipSellSchema = z.object({
  planId: z.uuid('Choose a plan'),
  startDate: isoDateSchema('Start date').optional(),
  method: z.enum(['card', 'cash', 'other'], 'Choose how the member pays'),
  /** Card on file: the member's card; omitted = the default card. */
  paymentMethodId: z.uuid().optional(),
  discountCode: z.string().trim().max(40).optional(),
  /**
   * Households (docs/product/members.md#households): a class pack's credits usable by any member
   * of the buyer's household.
   */
  sharedWithHousehold: z.boolean().optional(),
});
export type MembershipSell = z.input<typeof membershipSellSchema>;

/** Renew a class pack or an ended membership: a new period of the same plan, charged now. */
export const membershipRenewSchema = membershipSellSchema.pick({
  method: true,
  paymentMethodId: true,
  discountCode: true,
});
export type MembershipRenew = z.input<typeof membershipRenewSchema>;

export const membershipPauseSchema = z.object({
  /** Paused from today (studio time) until this date, when it resumes by itself. */
  resumesOn: isoDateSchema('Resume date'),
});
export const membershipCancelSchema = z.object({
  when: z.enum(['now', 'period_end'], 'Choose now or at the end of the period'),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason is at most 500 characters'),
});
export type MembershipCancel = z.input<typeof membershipCancelSchema>;

export const membershipListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const membershipPageSchema = z.object({
  memberships: z.array(membershipSchema),
  pageInfo: pageInfoSchema,
});
