import { z } from 'zod';
import { MAX_AMOUNT } from '../money-constants.ts';
import { formatMills, toMills } from '../amounts.ts';

/**
 * Amounts in the studio's currency as exact decimal strings (docs/decisions/0003-money-as-exact-decimals.md).
 * Refused with a message a person can act on: negative, above 10,000,000 (each studio's own cap is
 * smaller: maxAmount), more than three decimals
 * (the most any currency has: BHD's fils). Each route refuses more decimals than the studio's own
 * currency has (fitsCurrency, docs/decisions/0043-three-decimal-currencies.md).
 */
export function amountSchema(label: string, options: { allowZero?: boolean } = {}) {
  return z
    .string({ error: `${label} must be an amount such as 25.00` })
    .trim()
    .transform((v, ctx) => {
      if (v.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
        return z.NEVER;
      }
      if (!/^\d{1,8}(\.\d{1,3})?$/.test(v)) {
        ctx.addIssue({
          code: 'custom',
          message: /^\d+\.\d{4,}$/.test(v)
            ? `${label} can have at most 3 decimals`
            : `${label} must be an amount such as 25.00`,
        });
        return z.NEVER;
      }
      const mills = toMills(v);
      if (mills > toMills(MAX_AMOUNT)) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be more than 10,000,000` });
        return z.NEVER;
      }
      if (!options.allowZero && mills === 0) {
        ctx.addIssue({ code: 'custom', message: `${label} must be more than 0` });
        return z.NEVER;
      }
      // Normalised: "25" → "25.00", "1.500" → "1.50", "1.125" stays.
      return formatMills(mills);
    })
    .describe(
      'Exact decimal string in the studio currency, at most 3 decimals (no more than the currency has), 0–100000 (e.g. "25.00")',
    );
}

/** A whole quantity: 1 or more (0 and fractions refused). */
export function quantitySchema(label = 'Quantity', max = 10_000) {
  return z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} is at most ${max}`);
}

/** ISO calendar date (YYYY-MM-DD) in the studio's time zone. */
export const isoDateSchema = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);

/** Server-side paging shared by every money list: a page number and size. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const pageInfoSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
