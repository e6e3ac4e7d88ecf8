import { z } from 'zod';
import { DISCOUNT_KINDS } from '../money-constants.ts';
import { amountSchema, isoDateSchema } from './money.ts';

/** Discount codes (docs/product/money-and-store.md#discounts). */

const discountFields = {
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .min(2, 'Code is at least 2 characters')
    .max(40, 'Code is at most 40 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Code may use letters, digits, - and _ only')
    .transform((v) => v.toUpperCase()),
  description: z
    .string()
    .trim()
    .max(200, 'Description is at most 200 characters')
    .nullable()
    .transform((v) => (v ? v : null)),
  kind: z.enum(DISCOUNT_KINDS, 'Choose percent or fixed amount'),
  /** Percent: 1–100; fixed: dollars. */
  value: amountSchema('Value'),
  startsOn: isoDateSchema('Valid from').nullable(),
  endsOn: isoDateSchema('Valid until').nullable(),
  usageLimit: z
    .number({ error: 'Usage limit must be a whole number' })
    .int('Usage limit must be a whole number')
    .min(1, 'Usage limit must be at least 1')
    .max(1_000_000)
    .nullable(),
  appliesToPlans: z.boolean(),
  appliesToProducts: z.boolean(),
  isActive: z.boolean(),
};

export const discountInputSchema = z
  .object({
    ...discountFields,
    description: discountFields.description.default(null),
    startsOn: discountFields.startsOn.default(null),
    endsOn: discountFields.endsOn.default(null),
    usageLimit: discountFields.usageLimit.default(null),
    appliesToPlans: discountFields.appliesToPlans.default(true),
    appliesToProducts: discountFields.appliesToProducts.default(true),
    isActive: discountFields.isActive.default(true),
  })
  .refine((v) => v.kind !== 'percent' || Number(v.value) <= 100, {
    message: 'A percent discount is at most 100',
    path: ['value'],
  })
  .refine((v) => !v.startsOn || !v.endsOn || v.endsOn >= v.startsOn, {
    message: 'Valid until must be on or after Valid from',
    path: ['endsOn'],
  })
  .refine((v) => v.appliesToPlans || v.appliesToProducts, {
    message: 'Apply the code to plans, products or both',
    path: ['appliesToPlans'],
  });
export type DiscountInput = z.input<typeof discountInputSchema>;
export const discountUpdateSchema = z.object(discountFields).partial();
export type DiscountUpdate = z.input<typeof discountUpdateSchema>;

export const discountSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.string(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  timesUsed: z.number().int(),
  appliesToPlans: z.boolean(),
  appliesToProducts: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;
export const discountListSchema = z.object({ discounts: z.array(discountSchema) });

/** Check a code before a sale: the discount it would give on this amount. */
export const discountCheckSchema = z.object({
  code: z.string().trim().min(1, 'Enter a code').max(40),
  appliesTo: z.enum(['plan', 'product']),
  amount: amountSchema('Amount', { allowZero: true }),
});
export const discountCheckResultSchema = z.object({
  code: z.string(),
  discount: z.string(),
  total: z.string(),
});
