import { z } from 'zod';
import {
  ORGANIZATION_ROLES,
  PLATFORM_ROLES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
} from '../constants.ts';
import { SLUG_PATTERN } from '../slug.ts';
import {
  DEFAULT_LOCALE,
  MAX_STORED_MINOR_UNITS,
  currencyMinorUnits,
  isKnownCurrency,
  isKnownLocale,
} from '../studio-format.ts';

export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Choose a valid time zone' },
  );

/** ISO 4217 code of a studio's money (ADR 0038): any Intl currency whose minor units we store. */
export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isKnownCurrency, { message: 'Choose a currency (ISO 4217 code such as USD or EUR)' })
  .refine((c) => !isKnownCurrency(c) || currencyMinorUnits(c) <= MAX_STORED_MINOR_UNITS, {
    message: `Currencies with more than ${MAX_STORED_MINOR_UNITS} decimals are not supported`,
  });

/** BCP 47 tag of a studio's dates, times and numbers, e.g. en-US, de-DE, ja-JP. */
export const localeSchema = z
  .string()
  .trim()
  .min(2)
  .max(35)
  .refine(isKnownLocale, { message: 'Choose a language and region such as en-US or de-DE' })
  .transform((tag) => Intl.getCanonicalLocales(tag)[0] ?? tag);

export const createOrganizationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Gym Name is required')
    .max(120, 'Gym Name is at most 120 characters'),
  slug: z
    .string()
    .trim()
    .min(2, 'URL Slug needs at least 2 characters')
    .max(63, 'URL Slug is at most 63 characters')
    .regex(SLUG_PATTERN, 'URL Slug may contain only lowercase letters, digits and single hyphens'),
  description: z
    .string()
    .trim()
    .max(2000, 'Description is at most 2000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  timezone: timeZoneSchema.default('UTC'),
  // No default here: a studio created without one gets USD but is asked to choose it on the
  // home's setup checklist (the service applies the default).
  currency: currencySchema.optional(),
  locale: localeSchema.default(DEFAULT_LOCALE),
});
export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  domain: z.string().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionEndsAt: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  maxMembers: z.number().int().nullable(),
  timezone: z.string(),
  /** ISO 4217; every amount of the studio is in it (ADR 0038). */
  currency: z.string(),
  /** BCP 47; how the studio's dates, times and numbers are written. */
  locale: z.string(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const membershipSchema = organizationSchema.extend({
  role: z.enum(ORGANIZATION_ROLES),
  joinedAt: z.string(),
});
export type OrganizationMembership = z.infer<typeof membershipSchema>;

export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), fullName: z.string().nullable() }),
  platformRole: z.enum(PLATFORM_ROLES),
  /** Ordered by join date ascending (docs/product/organizations.md#current-organization). */
  organizations: z.array(membershipSchema),
  currentOrganizationId: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const switchOrganizationSchema = z.object({ organizationId: z.string().min(1) });
