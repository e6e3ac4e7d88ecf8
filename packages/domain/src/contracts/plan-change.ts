import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_CHANGE_WHEN } from '../money-constants.ts';
import { membershipSellSchema } from './plans.ts';

/**
 * Changing a member's plan mid-cycle (docs/product/money-and-store.md#changing-plan): the
 * preview staff read before confirming, and the change, which must match it.
 */

export const planChangeQuerySchema = z.object({
  planId: z.uuid('Choose a plan'),
  when: z.enum(PLAN_CHANGE_WHEN, 'Choose from today or from the next billing date'),
});
export type PlanChangeQuery = z.input<typeof planChangeQuerySchema>;

const amount = z.string();

export const planChangePreviewSchema = z.object({
  when: z.enum(PLAN_CHANGE_WHEN),
  fromPlan: z.object({ id: z.string(), name: z.string(), price: z.string() }),
  toPlan: z.object({
    id: z.string(),
    name: z.string(),
    price: z.string(),
    billingInterval: z.enum(BILLING_INTERVALS),
  }),
  /** The day the new plan starts: today, or the current plan's next billing date. */
  startsOn: z.string(),
  /** The paid period the credit comes from, and its days left (today included). */
  periodStart: z.string(),
  periodEnd: z.string(),
  periodDays: z.number().int(),
  unusedDays: z.number().int(),
  /** Paid for the current period and not refunded yet. */
  paidForPeriod: amount,
  /** Refunded now for the unused days ("0.00" from the next billing date: nothing is unused). */
  credit: amount,
  /** The new plan's first period, charged today or by the billing run on startsOn. */
  charge: amount,
  /** charge − credit when it happens today (negative: the member gets money back). */
  net: amount,
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

export const planChangeSchema = planChangeQuerySchema.extend({
  method: membershipSellSchema.shape.method.optional(),
  paymentMethodId: membershipSellSchema.shape.paymentMethodId,
  /** The preview's figures as confirmed: a change that would differ is refused, not made. */
  expectedCredit: z.string().regex(/^\d+\.\d{2}$/, 'Expected credit must be an amount'),
  expectedCharge: z.string().regex(/^\d+\.\d{2}$/, 'Expected charge must be an amount'),
});
export type PlanChange = z.input<typeof planChangeSchema>;
