import {
  BUSINESS_TYPES,
  CURRENT_MEMBER_RANGES,
  INVITATION_STATUSES,
  PLATFORM_ROLES,
} from '@fitbase/domain/constants';
import {
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.ts';
import { createdAt, oneOf, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';

/** Platform-level tables: not owned by one organization. */

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name'),
    /** The organization the person last chose: the server's "current organization". */
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    department: text('department'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('profiles_created_at_idx').on(t.createdAt.desc()),
    index('profiles_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PLATFORM_ROLES }).notNull().default('user'),
    assignedBy: text('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_roles_role_check', oneOf(t.role, PLATFORM_ROLES))],
);

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    priceMonthly: numeric('price_monthly', { precision: 10, scale: 2 }).notNull(),
    priceYearly: numeric('price_yearly', { precision: 10, scale: 2 }),
    features: jsonb('features').$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscription_plans_price_monthly_check', sql`${t.priceMonthly} >= 0`),
    check(
      'subscription_plans_price_yearly_check',
      sql`${t.priceYearly} is null or ${t.priceYearly} >= 0`,
    ),
    index('subscription_plans_price_idx').on(t.priceMonthly),
  ],
);

export const USER_SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;

export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    status: text('status', { enum: USER_SUBSCRIPTION_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_subscriptions_status_check', oneOf(t.status, USER_SUBSCRIPTION_STATUSES)),
    index('user_subscriptions_user_idx').on(t.userId),
    index('user_subscriptions_status_idx').on(t.status, t.planId),
  ],
);

/** Platform invitations sent from the owner portal. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull(),
    email: text('email').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => subscriptionPlans.id, { onDelete: 'set null' }),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('invitations_status_check', oneOf(t.status, INVITATION_STATUSES)),
    uniqueIndex('invitations_token_idx').on(t.token),
    index('invitations_created_at_idx').on(t.createdAt.desc()),
  ],
);

export const trialRequests = pgTable(
  'trial_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    businessType: text('business_type').notNull(),
    currentMembers: text('current_members'),
    location: text('location'),
    currentSoftware: text('current_software'),
    challenges: text('challenges'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'trial_requests_business_type_check',
      oneOf(
        t.businessType,
        BUSINESS_TYPES.map((b: { value: string }) => b.value),
      ),
    ),
    check(
      'trial_requests_current_members_check',
      sql`${t.currentMembers} is null or ${oneOf(t.currentMembers, CURRENT_MEMBER_RANGES)}`,
    ),
    index('trial_requests_created_at_idx').on(t.createdAt.desc()),
  ],
);
