import { z } from 'zod';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from '../constants.ts';
import { HEX_COLOUR_PATTERN } from '../colour-contrast.ts';
import { INVOICE_STATUSES } from '../settings-constants.ts';
import { SLUG_PATTERN } from '../slug.ts';
import { currencySchema, localeSchema, timeZoneSchema } from './organizations.ts';

/** Settings → General and Billing (docs/product/settings-and-help.md). */

/** Blank text means "none": stored as null. Undefined leaves a field as it is (PATCH). */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** A `#rrggbb` colour; blank clears it (the app's own colours are used). */
const colour = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v.toLowerCase() : null))
    .refine(
      (v) => v == null || HEX_COLOUR_PATTERN.test(v),
      `${label} must be a colour like #1d4ed8`,
    );

export const generalSettingsUpdateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Studio name is required')
    .max(120, 'Studio name is at most 120 characters')
    .optional(),
  slug: z
    .string()
    .trim()
    .min(2, 'URL slug needs at least 2 characters')
    .max(63, 'URL slug is at most 63 characters')
    .regex(SLUG_PATTERN, 'URL slug may contain only lowercase letters, digits and single hyphens')
    .optional(),
  description: optionalText('Description', 2000),
  timezone: timeZoneSchema.optional(),
  /** Refused once the studio has a sale (409 currency_locked). */
  currency: currencySchema.optional(),
  locale: localeSchema.optional(),
  contactEmail: z
    .string()
    .trim()
    .max(254, 'Contact email is at most 254 characters')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v.toLowerCase() : null))
    .refine((v) => v == null || z.email().safeParse(v).success, 'Enter a valid email address'),
  contactPhone: optionalText('Contact phone', 40).refine(
    (v) => v == null || /^[0-9+()\-.\s]*[0-9][0-9+()\-.\s]*$/.test(v),
    'Enter a valid phone number',
  ),
  postalAddress: optionalText('Postal address', 300).refine(
    (v) => v == null || v.length >= 5,
    'Enter the full postal address',
  ),
  primaryColor: colour('Primary colour'),
  secondaryColor: colour('Secondary colour'),
  /** Business details on receipts (with the postal address); blank = the studio name only. */
  legalName: optionalText('Legal business name', 200),
  taxId: optionalText('Tax ID', 50),
  emailReceipts: z.boolean().optional(),
});
export type GeneralSettingsUpdate = z.input<typeof generalSettingsUpdateSchema>;

export const generalSettingsSchema = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  timezone: z.string(),
  currency: z.string(),
  locale: z.string(),
  /** True once the studio has a ledger entry: the currency can no longer change. */
  currencyLocked: z.boolean(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  postalAddress: z.string().nullable(),
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  legalName: z.string().nullable(),
  taxId: z.string().nullable(),
  /** Email each payment's receipt (and each refund's credit note) to the member. */
  emailReceipts: z.boolean(),
  /** `/api/logos/{hash}`, or null when the studio has no logo. */
  logoUrl: z.string().nullable(),
  /** Read-only studio rule: a failed billing charge is retried after these days. */
  billingRetryDays: z.array(z.number().int()),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

export const logoResultSchema = z.object({ logoUrl: z.string().nullable() });

export const subscriptionInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  tier: z.enum(SUBSCRIPTION_TIERS),
  periodStart: z.string(),
  periodEnd: z.string(),
  amount: z.string(),
  status: z.enum(INVOICE_STATUSES),
  createdAt: z.string(),
});
export type SubscriptionInvoice = z.infer<typeof subscriptionInvoiceSchema>;

export const billingSchema = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  /** Monthly price of the current plan ("99.00"); null for the trial. */
  priceMonthly: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: z.string().nullable(),
  /** Whole days left in the trial, counted in the studio's time zone; null outside a trial. */
  trialDaysLeft: z.number().int().nullable(),
  /** null = unlimited. */
  maxMembers: z.number().int().nullable(),
  /** Members counting toward the limit (every member of the studio, as the add-member check). */
  memberCount: z.number().int(),
  periodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  invoices: z.array(subscriptionInvoiceSchema),
});
export type Billing = z.infer<typeof billingSchema>;

/** The plans a studio can change to (the trial is only ever the start). */
export const PAID_TIERS = ['basic', 'pro', 'enterprise'] as const;

export const changePlanSchema = z.object({
  tier: z.enum(PAID_TIERS, 'Choose Basic, Pro or Enterprise'),
});
export type ChangePlanInput = z.infer<typeof changePlanSchema>;
