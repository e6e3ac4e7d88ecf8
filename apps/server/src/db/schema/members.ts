import {
  CARD_BRANDS,
  EXPERIENCE_LEVELS,
  GENDERS,
  MEMBERSHIP_STATUSES,
  WORKOUT_TIMES,
} from '@fitbase/domain/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { amount, createdAt, oneOf, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';

export const members = pgTable(
  'members',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // Null only for a household member the payer books for (docs/product/members.md#households).
    email: text('email'),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender', { enum: GENDERS }),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country').notNull().default('US'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    membershipType: text('membership_type'),
    medicalConditions: text('medical_conditions'),
    allergies: text('allergies'),
    referralSource: text('referral_source'),
    notes: text('notes'),
    fitnessGoals: text('fitness_goals'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    preferredWorkoutTimes: text('preferred_workout_times', { enum: WORKOUT_TIMES }),
    experienceLevel: text('experience_level', { enum: EXPERIENCE_LEVELS }),
    classInterests: text('class_interests').array(),
    profilePhotoUrl: text('profile_photo_url'),
    membershipStatus: text('membership_status', { enum: MEMBERSHIP_STATUSES })
      .notNull()
      .default('active'),
    membershipStartDate: date('membership_start_date', { mode: 'string' }),
    membershipEndDate: date('membership_end_date', { mode: 'string' }),
    /**
     * Marketing email and push go only to members who agreed (docs/product/connect-and-messaging.md);
     * an unsubscribe sets unsubscribed_at and withdraws the consent.
     */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Class reminders, chosen per channel in the portal's profile; booking and account messages
     * are always sent. Push goes only to a member's subscribed devices (push_subscriptions).
     */
    emailReminders: boolean('email_reminders').notNull().default(true),
    pushReminders: boolean('push_reminders').notNull().default(true),
    pushMarketing: boolean('push_marketing').notNull().default(false),
    /**
     * What the member's QR code holds (`My check-in code` in the portal), for the studio's
     * kiosk; random, made on first use, replaced when the member rotates it.
     */
    checkInCode: text('check_in_code'),
    /**
     * The member's number in the studio (1, 2, 3...), given by a trigger on insert; a kiosk may
     * identify members by it (docs/product/kiosk.md).
     */
    memberNumber: integer('member_number'),
    /**
     * PBKDF2 of the last 4 digits of the phone and the 4-digit PIN the member set in the portal,
     * salted per studio (kiosk_settings.pin_salt); cleared by a trigger when those digits change.
     */
    kioskPinHash: text('kiosk_pin_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Every key leads with organization_id, the column a sharded database distributes rows by.
    primaryKey({ name: 'members_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('members_org_email_idx').on(t.organizationId, sql`lower(${t.email})`),
    uniqueIndex('members_org_check_in_code_idx').on(t.organizationId, t.checkInCode),
    uniqueIndex('members_org_number_idx').on(t.organizationId, t.memberNumber),
    index('members_org_kiosk_pin_idx')
      .on(t.organizationId, t.kioskPinHash)
      .where(sql`${t.kioskPinHash} is not null`),
    // Directory order (newest first) with keyset paging on (created_at, id).
    index('members_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('members_org_status_idx').on(t.organizationId, t.membershipStatus),
    // The home's Expiring Members: a range of end dates among one status, never the whole
    // status (150,000 active rows read for five on a 200,000-member studio).
    index('members_org_status_end_idx').on(
      t.organizationId,
      t.membershipStatus,
      t.membershipEndDate,
    ),
    check('members_gender_check', sql`${t.gender} is null or ${oneOf(t.gender, GENDERS)}`),
    check(
      'members_workout_times_check',
      sql`${t.preferredWorkoutTimes} is null or ${oneOf(t.preferredWorkoutTimes, WORKOUT_TIMES)}`,
    ),
    check(
      'members_experience_check',
      sql`${t.experienceLevel} is null or ${oneOf(t.experienceLevel, EXPERIENCE_LEVELS)}`,
    ),
    check('members_status_check', oneOf(t.membershipStatus, MEMBERSHIP_STATUSES)),
    check('members_dob_check', sql`${t.dateOfBirth} is null or ${t.dateOfBirth} >= '1900-01-01'`),
  ],
);

export const memberPaymentMethods = pgTable(
  'member_payment_methods',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    cardLastFour: text('card_last_four').notNull(),
    cardBrand: text('card_brand', { enum: CARD_BRANDS }).notNull(),
    cardExpMonth: integer('card_exp_month').notNull(),
    cardExpYear: integer('card_exp_year').notNull(),
    billingName: text('billing_name').notNull(),
    billingAddressLine1: text('billing_address_line_1'),
    billingAddressLine2: text('billing_address_line_2'),
    billingCity: text('billing_city'),
    billingState: text('billing_state'),
    billingPostalCode: text('billing_postal_code'),
    billingCountry: text('billing_country'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    stripePaymentMethodId: text('stripe_payment_method_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'member_payment_methods_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'member_payment_methods_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    index('member_payment_methods_org_member_idx').on(t.organizationId, t.memberId),
    // At most one active default card per member.
    uniqueIndex('member_payment_methods_one_default_idx')
      .on(t.organizationId, t.memberId)
      .where(sql`${t.isDefault} and ${t.isActive}`),
    check('member_payment_methods_last_four_check', sql`${t.cardLastFour} ~ '^[0-9]{4}$'`),
    check('member_payment_methods_brand_check', oneOf(t.cardBrand, CARD_BRANDS)),
    check('member_payment_methods_month_check', sql`${t.cardExpMonth} between 1 and 12`),
    check('member_payment_methods_year_check', sql`${t.cardExpYear} between 2000 and 2200`),
  ],
);

export const VISIT_TYPES = ['check_in', 'class', 'appointment', 'other'] as const;

export const memberVisits = pgTable(
  'member_visits',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    visitDate: timestamp('visit_date', { withTimezone: true }).notNull().defaultNow(),
    visitType: text('visit_type', { enum: VISIT_TYPES }).notNull().default('check_in'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'member_visits_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'member_visits_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    index('member_visits_org_date_idx').on(t.organizationId, t.visitDate.desc()),
    index('member_visits_org_member_date_idx').on(t.organizationId, t.memberId, t.visitDate.desc()),
    check('member_visits_type_check', oneOf(t.visitType, VISIT_TYPES)),
  ],
);

export const gymServices = pgTable(
  'gym_services',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    price: amount('price'),
    durationMinutes: integer('duration_minutes'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'gym_services_pkey', columns: [t.organizationId, t.id] }),
    index('gym_services_org_name_idx').on(t.organizationId, t.name),
    check('gym_services_name_check', sql`length(trim(${t.name})) > 0`),
    check('gym_services_price_check', sql`${t.price} is null or ${t.price} >= 0`),
    check(
      'gym_services_duration_check',
      sql`${t.durationMinutes} is null or ${t.durationMinutes} > 0`,
    ),
  ],
);
