import { z } from 'zod';
import { householdLinkSchema } from './households.ts';
import {
  CARD_BRANDS,
  EXPERIENCE_LEVELS,
  GENDERS,
  MEMBERSHIP_STATUSES,
  WORKOUT_TIMES,
} from '../constants.ts';

/** Earliest accepted date of birth (docs/product/members.md#member-record). */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';
export const MEMBER_PAGE_SIZE_DEFAULT = 25;
export const MEMBER_PAGE_SIZE_MAX = 100;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * "Today" for the date-of-birth bound. The server cannot know the browser's zone, so it
 * takes the latest calendar date anywhere on Earth (UTC+14): a person entering their own
 * today is never refused, and a date in the future everywhere still is.
 */
export function latestTodayIso(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Optional text: trimmed, '' and null become null (docs/product/members.md#member-record),
 * undefined stays undefined so a PATCH leaves the column untouched.
 */
const optionalText = (label: string, max = 500) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.enum(values, `Choose a valid ${label}`), z.literal('')])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? (v as T[number]) : null));

const optionalDate = (label: string, min?: string, max?: () => string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null))
    .superRefine((v, ctx) => {
      if (v == null) return;
      if (!ISO_DATE.test(v) || !isRealDate(v)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD)` });
      } else if ((min && v < min) || (max && v > max())) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be between ${min ?? 'any date'} and today`,
        });
      }
    });

const requiredName = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is at most 100 characters`);

const emailField = z
  .string('Email is required')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

/**
 * A member's email: '' and null mean none, which only a household member who is not its payer may
 * have (docs/product/members.md#households): the payer books for them and gets their mail.
 */
const memberEmailField = z
  .string()
  .trim()
  .max(254, 'Email is at most 254 characters')
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v : null))
  .refine((v) => v == null || z.email().safeParse(v).success, 'Enter a valid email address');

/** Why a member without an email is refused outside a household (create, edit, household changes). */
export const EMAIL_NEEDS_HOUSEHOLD_MESSAGE =
  'Enter an email, or add this member to a household: a member without an email must be in one, so its payer can book for them.';

/** Email as typed by a person signing up themselves (`Join online`): always required. */
export const requiredEmailField = emailField;

const countryField = z
  .string()
  .trim()
  .max(100, 'Country is at most 100 characters')
  .nullish()
  // The column is NOT NULL with default US (docs/product/members.md#member-record): clearing it
  // means "back to US".
  .transform((v) => (v === undefined ? undefined : v ? v : 'US'));

const classInterestsField = z
  .array(z.string().trim().min(1).max(120), 'Class interests must be a list of names')
  .max(50, 'At most 50 class interests')
  .nullish()
  .transform((v) => (v === undefined ? undefined : v && v.length > 0 ? v : null));

/** Fields shared by create and update; no defaults here so a PATCH never resets a column. */
export const memberFields = {
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  email: memberEmailField,
  phone: optionalText('Phone', 40),
  dateOfBirth: optionalDate('Date of birth', EARLIEST_DATE_OF_BIRTH, () => latestTodayIso()),
  gender: optionalEnum(GENDERS, 'gender'),
  addressLine1: optionalText('Address line 1', 200),
  addressLine2: optionalText('Address line 2', 200),
  city: optionalText('City', 100),
  state: optionalText('State', 100),
  postalCode: optionalText('Postal code', 20),
  country: countryField,
  emergencyContactName: optionalText('Emergency contact name', 200),
  emergencyContactPhone: optionalText('Emergency contact phone', 40),
  emergencyContactRelationship: optionalText('Emergency contact relationship', 100),
  membershipType: optionalText('Membership type', 120),
  medicalConditions: optionalText('Medical conditions', 5000),
  allergies: optionalText('Allergies', 5000),
  referralSource: optionalText('Referral source', 200),
  notes: optionalText('Notes', 5000),
  fitnessGoals: optionalText('Fitness goals', 5000),
  preferredWorkoutTimes: optionalEnum(WORKOUT_TIMES, 'workout time'),
  experienceLevel: optionalEnum(EXPERIENCE_LEVELS, 'experience level'),
  classInterests: classInterestsField,
  membershipStartDate: optionalDate('Membership start date'),
  membershipEndDate: optionalDate('Membership end date'),
  /** Agrees to marketing email (docs/product/connect-and-messaging.md#consent-and-the-rules-of-all-messaging). */
  marketingConsent: z.boolean('Marketing consent must be true or false'),
};

function endNotBeforeStart(
  v: { membershipStartDate?: string | null; membershipEndDate?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.membershipStartDate && v.membershipEndDate && v.membershipEndDate < v.membershipStartDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['membershipEndDate'],
      message: 'Membership end date cannot be before the start date',
    });
  }
}

/**
 * The add-member wizard may sell a plan at once (docs/product/money-and-store.md#plans-and-memberships):
 * paid in cash or otherwise, since a new member has no card on file yet.
 */
export const memberPlanSaleSchema = z.object({
  planId: z.uuid('Choose a plan'),
  method: z.enum(['cash', 'other'], 'Choose cash or other: a new member has no card on file yet'),
});
export type MemberPlanSale = z.infer<typeof memberPlanSaleSchema>;

/** Add member (docs/product/members.md#add-member-wizard). Country defaults to US. */
export const memberInputSchema = z
  .object({
    ...memberFields,
    country: countryField.transform((v) => v ?? 'US'),
    marketingConsent: memberFields.marketingConsent.default(false),
    plan: memberPlanSaleSchema.optional(),
    /**
     * The household to add the new member to (docs/product/members.md#households), not as its
     * payer; required when there is no email.
     */
    householdId: z.uuid('Household must be a household id').optional(),
  })
  .superRefine(endNotBeforeStart)
  .refine((v) => v.email != null || Boolean(v.householdId), {
    path: ['email'],
    message: EMAIL_NEEDS_HOUSEHOLD_MESSAGE,
    // Shown beside the other fields' problems (a form missing its name too), unless the email or
    // household itself is already refused.
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      payload.issues.every((i) => i.path?.[0] !== 'email' && i.path?.[0] !== 'householdId'),
  });
export type MemberInput = z.input<typeof memberInputSchema>;
export type MemberCreate = z.output<typeof memberInputSchema>;

/**
 * Edit member: any subset of the fields, plus the membership status
 * (docs/product/members.md#member-dashboard).
 */
export const memberUpdateSchema = z
  .object({
    ...memberFields,
    membershipStatus: z.enum(MEMBERSHIP_STATUSES, 'Choose a valid membership status'),
  })
  .partial()
  .superRefine(endNotBeforeStart);
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;
export type MemberUpdate = z.output<typeof memberUpdateSchema>;

export const memberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** null for a household member without one: their payer gets their mail. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  emergencyContactRelationship: z.string().nullable(),
  membershipType: z.string().nullable(),
  medicalConditions: z.string().nullable(),
  allergies: z.string().nullable(),
  referralSource: z.string().nullable(),
  notes: z.string().nullable(),
  fitnessGoals: z.string().nullable(),
  preferredWorkoutTimes: z.enum(WORKOUT_TIMES).nullable(),
  experienceLevel: z.enum(EXPERIENCE_LEVELS).nullable(),
  classInterests: z.array(z.string()).nullable(),
  profilePhotoUrl: z.string().nullable(),
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  membershipStartDate: z.string().nullable(),
  membershipEndDate: z.string().nullable(),
  marketingConsent: z.boolean(),
  /** When the consent was last given. */
  marketingConsentAt: z.string().nullable(),
  /** When the member last unsubscribed from marketing (kept as history). */
  unsubscribedAt: z.string().nullable(),
  /** The member's number in the studio (1, 2, 3…), which a kiosk may identify them by. */
  memberNumber: z.number().nullable(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListItemSchema = memberSchema
  .pick({
    id: true,
    firstName: true,
    lastName: true,
    email: true,
    phone: true,
    membershipType: true,
    membershipStatus: true,
    createdAt: true,
  })
  .extend({
    /** The member's household (docs/product/members.md#households), null when in none. */
    household: householdLinkSchema.nullable(),
  });
export type MemberListItem = z.infer<typeof memberListItemSchema>;

export const memberListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search is at most 200 characters').optional(),
  status: z.enum(MEMBERSHIP_STATUSES, 'Choose a valid membership status').optional(),
  membershipType: z.string().trim().min(1).max(120).optional(),
  /** Only members carrying this tag. */
  tagId: z.uuid('Tag id must be a UUID').optional(),
  /**
   * Only members changed at or after this instant (an integration's sync,
   * docs/product/integrations.md#api-keys). Not combined with `search`.
   */
  updatedSince: z.iso
    .datetime({
      offset: true,
      message: 'updatedSince is a date and time, e.g. 2026-11-01T00:00:00Z',
    })
    .optional(),
  /** Opaque keyset cursor from a previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MEMBER_PAGE_SIZE_MAX, `Limit must be at most ${MEMBER_PAGE_SIZE_MAX}`)
    .default(MEMBER_PAGE_SIZE_DEFAULT),
});
export type MemberListQuery = z.input<typeof memberListQuerySchema>;

export const memberListResponse = z.object({
  items: z.array(memberListItemSchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export type MemberListResponse = z.infer<typeof memberListResponse>;

/**
 * Members directory cards (docs/product/members.md#members-directory). activeMembers is the card
 * titled "Active Today".
 */
export const memberSummarySchema = z.object({
  totalMembers: z.number().int(),
  activeMembers: z.number().int(),
  newThisMonth: z.number().int(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const visitSchema = z.object({
  id: z.string(),
  visitDate: z.string(),
  visitType: z.string(),
  memberId: z.string(),
});
export type Visit = z.infer<typeof visitSchema>;

/** A run of 13 or more digits (spaces and dashes ignored) looks like a full card number. */
export function containsCardNumber(value: string): boolean {
  return /\d{13,}/.test(value.replace(/[\s-]/g, ''));
}

export const CARD_DATA_REFUSED_MESSAGE =
  'Only the last four digits, brand and expiry may be sent; full card numbers and CVCs are refused';

const billingText = (label: string, max = 200) =>
  optionalText(label, max).refine(
    (v) => v == null || !containsCardNumber(v),
    CARD_DATA_REFUSED_MESSAGE,
  );

/**
 * What the browser sends for a new card (docs/product/members.md#payment-methods). Strict: any
 * other key (cardNumber, number, cvc, cvv, ...) is refused, so card data cannot slip through.
 */
export const paymentMethodInputSchema = z.strictObject(
  {
    cardLastFour: z
      .string('Card last four digits are required')
      .regex(/^\d{4}$/, 'Card last four must be 4 digits'),
    cardBrand: z.enum(CARD_BRANDS, 'Choose a valid card brand'),
    cardExpMonth: z
      .number('Expiry month is required')
      .int()
      .min(1, 'Expiry month must be 1 to 12')
      .max(12, 'Expiry month must be 1 to 12'),
    cardExpYear: z
      .number('Expiry year is required')
      .int()
      .min(2000, 'Enter a valid expiry year')
      .max(2200, 'Enter a valid expiry year'),
    billingName: z
      .string('Cardholder name is required')
      .trim()
      .min(1, 'Cardholder name is required')
      .max(200, 'Cardholder name is at most 200 characters')
      .refine((v) => !containsCardNumber(v), CARD_DATA_REFUSED_MESSAGE),
    billingAddressLine1: billingText('Billing address line 1'),
    billingAddressLine2: billingText('Billing address line 2'),
    billingCity: billingText('Billing city', 100),
    billingState: billingText('Billing state', 100),
    billingPostalCode: billingText('Billing postal code', 20),
    billingCountry: billingText('Billing country', 100),
    isDefault: z.boolean().default(false),
  },
  {
    error: (iss) => (iss.code === 'unrecognized_keys' ? CARD_DATA_REFUSED_MESSAGE : undefined),
  },
);
export type PaymentMethodInput = z.input<typeof paymentMethodInputSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  cardLastFour: z.string(),
  cardBrand: z.enum(CARD_BRANDS),
  cardExpMonth: z.number().int(),
  cardExpYear: z.number().int(),
  billingName: z.string(),
  billingAddressLine1: z.string().nullable(),
  billingAddressLine2: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingState: z.string().nullable(),
  billingPostalCode: z.string().nullable(),
  billingCountry: z.string().nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const recentVisitSchema = z.object({
  id: z.string(),
  visitDate: z.string(),
  visitType: z.string(),
  /**
   * null when the member row is gone ("Unknown Member",
   * docs/product/dashboards.md#recent-activity).
   */
  member: z
    .object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      profilePhotoUrl: z.string().nullable(),
    })
    .nullable(),
});
export type RecentVisit = z.infer<typeof recentVisitSchema>;
