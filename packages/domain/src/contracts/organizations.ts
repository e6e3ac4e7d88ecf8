import { z } from 'zod';
import {
  ORGANIZATION_ROLES,
  PLATFORM_ROLES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
} from '../constants.ts';
import { SLUG_PATTERN } from '../slug.ts';

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
