import { z } from 'zod';
import { TAX_ROUNDINGS } from '../tax.ts';

/** Sales tax and VAT rates (docs/product/money-and-store.md#tax). */

export const taxRateInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name is at most 60 characters'),
  /** Percent, up to 4 decimals: "20", "8.875". */
  rate: z
    .string({ error: 'Rate is required' })
    .trim()
    .regex(
      /^\d{1,2}(\.\d{1,4})?$/,
      'Rate must be a percent like 20 or 8.875 (up to 4 decimals, below 100)',
    ),
  inclusive: z.boolean({ error: 'Say whether prices include this tax' }),
});

export const taxRateUpdateSchema = taxRateInputSchema.partial().extend({
  isActive: z.boolean().optional(),
});

export const taxRateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  rate: z.string(),
  inclusive: z.boolean(),
  isActive: z.boolean(),
  /** Plans and products that charge it, and whether the studio's booking fees do. */
  usedBy: z.object({ plans: z.number().int(), products: z.number().int(), fees: z.boolean() }),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

export const taxSettingsSchema = z.object({
  rates: z.array(taxRateSchema),
  feeTaxRateId: z.uuid().nullable(),
  rounding: z.enum(TAX_ROUNDINGS),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const taxSettingsUpdateSchema = z.object({
  feeTaxRateId: z.uuid('Choose a tax rate').nullable().optional(),
  rounding: z.enum(TAX_ROUNDINGS, 'Choose half up or half even').optional(),
});
