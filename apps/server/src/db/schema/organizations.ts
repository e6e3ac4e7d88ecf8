import {
  ORGANIZATION_ROLES,
  STAFF_INVITATION_STATUSES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
} from '@fitbase/domain/constants';
import { TAX_ROUNDINGS } from '@fitbase/domain/tax';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, oneOf, updatedAt } from './columns.ts';

/** A studio. Every organization-owned table references it and leads its indexes with it. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    logoUrl: text('logo_url'),
    primaryColor: text('primary_color'),
    secondaryColor: text('secondary_color'),
    domain: text('domain'),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES })
      .notNull()
      .default('trialing'),
    subscriptionTier: text('subscription_tier', { enum: SUBSCRIPTION_TIERS })
      .notNull()
      .default('trial'),
    subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /**
     * null = unlimited (trial and enterprise:
     * docs/product/organizations.md#plans-and-member-limits).
     */
    maxMembers: integer('max_members'),
    timezone: text('timezone').notNull().default('UTC'),
    /**
     * ISO 4217 currency and BCP 47 locale of every amount and date the studio shows (ADR 0038);
     * the currency is fixed once the studio has a ledger entry.
     */
    currency: text('currency').notNull().default('USD'),
    locale: text('locale').notNull().default('en-US'),
    /**
     * When someone chose the currency (setup form, Settings → General); null for a studio left on
     * the default, which the setup checklist asks about (docs/product/dashboards.md#setup-checklist).
     */
    currencyChosenAt: timestamp('currency_chosen_at', { withTimezone: true }),
    /** The studio's postal address, printed in every marketing email's footer (CAN-SPAM). */
    postalAddress: text('postal_address'),
    /** Business details printed on receipts and invoices (with the postal address); null = the name. */
    legalName: text('legal_name'),
    taxId: text('tax_id'),
    /** Email each paid charge's receipt (and each refund's credit note) to the member. */
    emailReceipts: boolean('email_receipts').notNull().default(true),
    /** The tax rate of booking fees (late cancel, no-show); null = untaxed (tax_rates.id). */
    feeTaxRateId: uuid('fee_tax_rate_id'),
    /** How each line's tax is rounded to the minor unit (docs/decisions/0041-tax-rounding.md). */
    taxRounding: text('tax_rounding', { enum: TAX_ROUNDINGS }).notNull().default('half_up'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** The current logo's content hash (organization_logos); served at /api/logos/{hash}. */
    logoHash: text('logo_hash'),
    /** Owners can require staff to use two-factor authentication (docs/product/settings.md). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** The FitBase subscription ends at `subscription_ends_at` instead of renewing. */
    subscriptionCancelAtPeriodEnd: boolean('subscription_cancel_at_period_end')
      .notNull()
      .default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_slug_idx').on(t.slug),
    check(
      'organizations_subscription_status_check',
      oneOf(t.subscriptionStatus, SUBSCRIPTION_STATUSES),
    ),
    check('organizations_tax_rounding_check', oneOf(t.taxRounding, TAX_ROUNDINGS)),
    check('organizations_subscription_tier_check', oneOf(t.subscriptionTier, SUBSCRIPTION_TIERS)),
    check('organizations_max_members_check', sql`${t.maxMembers} is null or ${t.maxMembers} >= 0`),
  ],
);

export const organizationUsers = pgTable(
  'organization_users',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORGANIZATION_ROLES }).notNull().default('staff'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    // What this studio says about the person lives here, never in the shared users/profiles:
    // one studio must not be able to rename or re-label someone in another studio
    // (docs/product/staff.md). null display name = the person's own name.
    displayName: text('display_name'),
    department: text('department'),
  },
  (t) => [
    primaryKey({ name: 'organization_users_pkey', columns: [t.organizationId, t.id] }),
    unique('organization_users_org_user_key').on(t.organizationId, t.userId),
    index('organization_users_org_role_idx').on(t.organizationId, t.role),
    // A person's own memberships are looked up by user across organizations.
    index('organization_users_user_idx').on(t.userId, t.joinedAt),
    check('organization_users_role_check', oneOf(t.role, ORGANIZATION_ROLES)),
  ],
);

export const STAFF_INVITATION_ROLES = ['admin', 'trainer', 'staff'] as const;

export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    status: text('status', { enum: STAFF_INVITATION_STATUSES }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    department: text('department'),
    role: text('role', { enum: STAFF_INVITATION_ROLES }).notNull().default('staff'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'staff_invitations_pkey', columns: [t.organizationId, t.id] }),
    check('staff_invitations_status_check', oneOf(t.status, STAFF_INVITATION_STATUSES)),
    check('staff_invitations_role_check', oneOf(t.role, STAFF_INVITATION_ROLES)),
    index('staff_invitations_org_email_idx').on(t.organizationId, sql`lower(${t.email})`),
    // The acceptance page only has the token; tokens are 256-bit random, unique on their own.
    // The token leads; organization_id follows, as a sharded database needs it in every unique key.
    uniqueIndex('staff_invitations_token_idx').on(t.token, t.organizationId),
  ],
);
