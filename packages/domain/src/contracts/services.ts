import { z } from 'zod';

/**
 * Money is exact (docs/decisions/0003-money-as-exact-decimals.md): a decimal string, up to 8
 * integer digits and 2 decimals.
 */
export const PRICE_PATTERN = /^\d{1,8}(\.\d{1,3})?$/;
export const SERVICE_NAME_MAX = 120;
export const SERVICE_DESCRIPTION_MAX = 2000;
export const SERVICE_DURATION_MAX = 100_000;

const name = z
  .string({ error: 'Service Name is required' })
  .trim()
  .min(1, 'Service Name is required')
  .max(SERVICE_NAME_MAX, `Service Name is at most ${SERVICE_NAME_MAX} characters`);

/** docs/product/services.md: trimmed, empty becomes null. */
const description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(SERVICE_DESCRIPTION_MAX, `Description is at most ${SERVICE_DESCRIPTION_MAX} characters`)
  .nullable()
  .transform((v) => (v ? v : null));

/**
 * docs/product/services.md: parsed as a decimal, empty becomes null. A string, never a JS number,
 * so no binary floating point ever touches the amount on its way to the numeric(11,3) column.
 */
const price = z
  .string({ error: 'Price must be a decimal such as 25.00' })
  .nullable()
  .transform((value, ctx) => {
    const v = value?.trim() ?? '';
    if (v === '') return null;
    if (v.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: 'Price cannot be negative' });
      return z.NEVER;
    }
    if (!PRICE_PATTERN.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Price must be a decimal such as 25.00 (at most 3 decimals)',
      });
      return z.NEVER;
    }
    return v;
  })
  .describe(
    'Exact decimal string, up to 8 digits and 3 decimals (no more than the studio currency has) (e.g. "25.00"); empty or null for none',
  );

/** docs/product/services.md: an integer; the browser turns an empty field into null. */
const durationMinutes = z
  .number({ error: 'Duration (minutes) must be a whole number' })
  .int('Duration (minutes) must be a whole number')
  .positive('Duration (minutes) must be more than 0')
  .max(SERVICE_DURATION_MAX, `Duration (minutes) is at most ${SERVICE_DURATION_MAX}`)
  .nullable();

const isActive = z.boolean({ error: 'Active must be true or false' });

/** Create a service (docs/product/services.md). New services start active. */
export const serviceInputSchema = z.object({
  name,
  description: description.default(null),
  price: price.default(null),
  durationMinutes: durationMinutes.default(null),
  isActive: isActive.default(true),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;

/** Change a service: only the fields sent change (edit dialog, Activate/Deactivate). */
export const serviceUpdateSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    price: price.optional(),
    durationMinutes: durationMinutes.optional(),
    isActive: isActive.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'Send at least one field to change',
  });
export type ServiceUpdate = z.input<typeof serviceUpdateSchema>;

export const serviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Exact decimal string with two decimals, e.g. '25.00'. */
  price: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceListSchema = z.object({ services: z.array(serviceSchema) });
export type ServiceList = z.infer<typeof serviceListSchema>;
