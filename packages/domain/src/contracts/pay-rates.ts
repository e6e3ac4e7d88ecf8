import { z } from 'zod';
import { PAY_RATE_KINDS } from '../money-constants.ts';
import { amountSchema, isoDateSchema } from './money.ts';

/** Trainers' pay rates (docs/product/money-and-store.md#pay-rates). */

export const payRateInputSchema = z.object({
  staffUserId: z.string({ error: 'Choose a trainer' }).min(1, 'Choose a trainer'),
  kind: z.enum(PAY_RATE_KINDS, 'Choose per class, per hour or per attendee'),
  amount: amountSchema('Rate', { allowZero: true }),
  effectiveFrom: isoDateSchema('Effective from'),
});
export type PayRateInput = z.input<typeof payRateInputSchema>;

export const payRateSchema = z.object({
  id: z.string(),
  staffUserId: z.string(),
  staffName: z.string(),
  kind: z.enum(PAY_RATE_KINDS),
  amount: z.string(),
  effectiveFrom: z.string(),
  /** The rate in force today (the latest effective date not in the future). */
  isCurrent: z.boolean(),
  createdAt: z.string(),
});
export type PayRate = z.infer<typeof payRateSchema>;
export const payRateListSchema = z.object({ payRates: z.array(payRateSchema) });
