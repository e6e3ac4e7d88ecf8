import { z } from 'zod';
import { MEMBERSHIP_STATES, PLAN_KINDS } from '../money-constants.ts';
import { memberFields, paymentMethodInputSchema } from './members.ts';
import { BOOKING_STATUSES } from '../schedule-constants.ts';

/**
 * The members' own portal at /m/{slug} (docs/product/member-portal.md): sign-in with a one-time
 * email code, the studio's week, booking and cancelling. Every answer holds only what the
 * signed-in member may see of themselves: never another member's name, never staff notes.
 */

/** The studio as the portal shows it, readable before signing in. */
export const portalStudioSchema = z.object({
  name: z.string(),
  slug: z.string(),
  logoUrl: z.string().nullable(),
  timeZone: z.string(),
  /** ISO 4217 and BCP 47: how the portal writes the studio's prices and dates (ADR 0038). */
  currency: z.string(),
  locale: z.string(),
  /** The studio's brand colours (Settings › General), applied to the portal's theme. */
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
});
export type PortalStudio = z.infer<typeof portalStudioSchema>;

export const PORTAL_CODE_LENGTH = 6;
/** Minutes a sign-in code stays valid, and how many tries it allows. */
export const PORTAL_CODE_MINUTES = 10;
export const PORTAL_CODE_TRIES = 5;

export const portalSendCodeSchema = z.object({
  email: z.email('Enter a valid email address').max(254, 'Enter a valid email address'),
});
export type PortalSendCode = z.input<typeof portalSendCodeSchema>;

/** The one answer to `Send code`, whether or not the email belongs to a member. */
export const portalCodeSentSchema = z.object({ message: z.string() });
export const codeSentMessage = (studioName: string) =>
  `If this email belongs to a member of ${studioName}, a code is on its way.`;

export const portalSignInSchema = z.object({
  email: z.email('Enter a valid email address').max(254, 'Enter a valid email address'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});
export type PortalSignIn = z.input<typeof portalSignInSchema>;

/** The signed-in member, as they see themselves. */
export const portalMeSchema = z.object({
  memberId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** null only if the studio removed it since sign-in (a household member the payer books for). */
  email: z.string().nullable(),
  studio: portalStudioSchema,
});
export type PortalMe = z.infer<typeof portalMeSchema>;

/** Their own booking of a session, if any. */
export const portalMyBookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** 1 for the first in line; null unless waitlisted. */
  waitlistPosition: z.number().int().nullable(),
});

/**
 * What booking the class costs the signed-in member (packages/domain/src/membership-rules.ts
 * classCost): null signed out, and for a member who never had a plan (they book as before).
 */
export const portalClassCostSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('included'), planName: z.string() }),
  z.object({ kind: z.literal('credit'), planName: z.string(), creditsLeft: z.number().int() }),
  z.object({ kind: z.literal('none') }),
]);

/** A session of the week: places left, trainer and room, never who else is booked. */
export const portalSessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  trainerName: z.string().nullable(),
  room: z.string().nullable(),
  capacity: z.number().int(),
  placesLeft: z.number().int(),
  waitlistCount: z.number().int(),
  status: z.enum(['scheduled', 'cancelled']),
  myBooking: portalMyBookingSchema.nullable(),
  myCost: portalClassCostSchema.nullable(),
});
export type PortalSession = z.infer<typeof portalSessionSchema>;

export const portalWeekQuerySchema = z.object({
  /** The first day shown (YYYY-MM-DD in the studio's time zone); today when absent. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'From must be a date (YYYY-MM-DD)')
    .optional(),
});

export const portalWeekSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  sessions: z.array(portalSessionSchema),
});
export type PortalWeek = z.infer<typeof portalWeekSchema>;

export const portalBookingSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  sessionName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  trainerName: z.string().nullable(),
  room: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  waitlistPosition: z.number().int().nullable(),
  checkedInAt: z.string().nullable(),
});
export type PortalBooking = z.infer<typeof portalBookingSchema>;

export const portalBookingsSchema = z.object({
  /** Booked and waitlisted, soonest first. */
  upcoming: z.array(portalBookingSchema),
  /** Past visits and bookings that ended otherwise, newest first (at most 50). */
  past: z.array(portalBookingSchema),
});
export type PortalBookings = z.infer<typeof portalBookingsSchema>;

/** What cancelling now means, stated before the member confirms. */
export const portalCancelTermsSchema = z.object({
  late: z.boolean(),
  message: z.string(),
});
export type PortalCancelTerms = z.infer<typeof portalCancelTermsSchema>;

// ---------------------------------------------------------------------------------------------
// Membership (nav `Membership`)

export const portalMembershipSchema = z.object({
  id: z.string(),
  planName: z.string(),
  kind: z.enum(PLAN_KINDS),
  status: z.enum(MEMBERSHIP_STATES),
  startDate: z.string(),
  /** The last day it runs (a pack's expiry, a cancelled membership's last day), if set. */
  endDate: z.string().nullable(),
  nextChargeDate: z.string().nullable(),
  /** Decimal string in the studio's currency; null when no charge is coming. */
  nextChargeAmount: z.string().nullable(),
  creditsLeft: z.number().int().nullable(),
  pausedOn: z.string().nullable(),
  resumesOn: z.string().nullable(),
  /** Cancelled, running until `endDate`. */
  ending: z.boolean(),
  /** The member may cancel it here (`Cancel membership`). */
  canCancel: z.boolean(),
  /** The member may pause it here (`Pause membership`): active, billed, no pause booked. */
  canPause: z.boolean(),
  /** A pause booked ahead: its first and last paused days. */
  scheduledPause: z.object({ firstDay: z.string(), lastDay: z.string() }).nullable(),
});
export type PortalMembership = z.infer<typeof portalMembershipSchema>;

export const portalMembershipsSchema = z.object({
  /** Current memberships and packs: active, paused or past due. */
  memberships: z.array(portalMembershipSchema),
  /** The studio's pause rules, shown beside the dates a member picks. */
  pauseRules: z.object({
    pauseMinDays: z.number().int(),
    pauseMaxDays: z.number().int(),
    pausesPerYear: z.number().int(),
  }),
});
export type PortalMemberships = z.infer<typeof portalMembershipsSchema>;

/** Shown before `Cancel membership` is confirmed: when it ends, and why then. */
export const portalMembershipCancelTermsSchema = z.object({
  lastDay: z.string(),
  message: z.string(),
});
export type PortalMembershipCancelTerms = z.infer<typeof portalMembershipCancelTermsSchema>;

export const portalMembershipCancelSchema = z.object({
  /** Optional: why they leave (kept for the studio's Lost members report). */
  reason: z.string().trim().max(500, 'Reason is at most 500 characters').optional(),
});
export type PortalMembershipCancel = z.input<typeof portalMembershipCancelSchema>;

// ---------------------------------------------------------------------------------------------
// The public schedule and `Embed on your website`

export const MAX_EMBED_ORIGINS = 10;
const ORIGIN_MESSAGE = 'Enter a website address like https://www.example.com (no path)';

// A host name of dot-separated labels (letters, digits, inner hyphens) and an optional port.
const ORIGIN =
  /^https?:\/\/[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

/** A website origin: scheme, host and port only, as a browser sends it (no path, no slash). */
export const embedOriginSchema = z.string().trim().toLowerCase().regex(ORIGIN, ORIGIN_MESSAGE);

export const portalEmbedInputSchema = z.object({
  origins: z
    .array(embedOriginSchema)
    .max(MAX_EMBED_ORIGINS, `At most ${MAX_EMBED_ORIGINS} websites`),
});
export type PortalEmbedInput = z.input<typeof portalEmbedInputSchema>;

export const portalEmbedSchema = z.object({
  origins: z.array(z.string()),
  /** The public schedule's address, for the iframe snippet. */
  scheduleUrl: z.string(),
});
export type PortalEmbed = z.infer<typeof portalEmbedSchema>;

const calendarDay = (label: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`);

/** `Pause membership`: the first and the last paused day; it resumes the day after. */
export const portalMembershipPauseSchema = z.object({
  firstDay: calendarDay('First paused day'),
  lastDay: calendarDay('Last paused day'),
});
export type PortalMembershipPause = z.input<typeof portalMembershipPauseSchema>;

export const portalMembershipPausedSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// Profile (nav `Profile`)

/** What a member sees and may change of their own record: never staff notes or medical notes. */
export const portalProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** Their sign-in address: changed by the studio, not here (null: none, see portalMeSchema). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  emergencyContactRelationship: z.string().nullable(),
  /** Marketing email from the studio (booking and account emails are always sent). */
  marketingConsent: z.boolean(),
  /** Class reminders by email, and by push on devices where push is turned on. */
  emailReminders: z.boolean(),
  pushReminders: z.boolean(),
  /** News and offers by push (also needs marketingConsent, docs/product/member-portal.md#notifications). */
  pushMarketing: z.boolean(),
});
export type PortalProfile = z.infer<typeof portalProfileSchema>;

export const portalProfileUpdateSchema = z
  .object({
    firstName: memberFields.firstName,
    lastName: memberFields.lastName,
    phone: memberFields.phone,
    addressLine1: memberFields.addressLine1,
    addressLine2: memberFields.addressLine2,
    city: memberFields.city,
    state: memberFields.state,
    postalCode: memberFields.postalCode,
    emergencyContactName: memberFields.emergencyContactName,
    emergencyContactPhone: memberFields.emergencyContactPhone,
    emergencyContactRelationship: memberFields.emergencyContactRelationship,
    marketingConsent: memberFields.marketingConsent,
    emailReminders: z.boolean('Email reminders must be true or false'),
    pushReminders: z.boolean('Push reminders must be true or false'),
    pushMarketing: z.boolean('Push news and offers must be true or false'),
  })
  .partial();
export type PortalProfileUpdate = z.input<typeof portalProfileUpdateSchema>;

/** `My check-in code`: what the member's QR code holds, for the studio's kiosk. */
export const portalCheckInCodeSchema = z.object({ code: z.string() });
export type PortalCheckInCode = z.infer<typeof portalCheckInCodeSchema>;

// ---------------------------------------------------------------------------------------------
// Buy (nav `Buy`)

export const portalOfferSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(PLAN_KINDS),
  /** Decimal strings: the price (per billing period for a membership) and the sign-up fee. */
  price: z.string(),
  signupFee: z.string(),
  billingInterval: z.string().nullable(),
  credits: z.number().int().nullable(),
  validityDays: z.number().int().nullable(),
  minimumTermPeriods: z.number().int().nullable(),
  /** The plan's tax rate as it is charged now (name, percent, in the price or on top); null: untaxed. */
  tax: z.object({ name: z.string(), rate: z.string(), inclusive: z.boolean() }).nullable(),
  /**
   * What buying it takes now: the price and the sign-up fee, each with the tax the sale adds
   * when the rate is on top of the price (exactly what the card is charged).
   */
  dueNow: z.string(),
});
export type PortalOffer = z.infer<typeof portalOfferSchema>;
export const portalOffersSchema = z.object({ offers: z.array(portalOfferSchema) });

/** A card on file, as the member sees it (the processor's token never leaves the server). */
export const portalCardSchema = z.object({
  id: z.string(),
  cardBrand: z.string(),
  cardLastFour: z.string(),
  cardExpMonth: z.number().int(),
  cardExpYear: z.number().int(),
  isDefault: z.boolean(),
});
export type PortalCard = z.infer<typeof portalCardSchema>;
export const portalCardsSchema = z.object({ cards: z.array(portalCardSchema) });

/** A new card: last four, brand and expiry only (the demo provider's rules, as at the desk). */
export const portalCardInputSchema = paymentMethodInputSchema;
export type PortalCardInput = z.output<typeof portalCardInputSchema>;

/** `Buy`: with a card on file, or a new card saved to the profile first. */
export const portalBuySchema = z
  .object({
    paymentMethodId: z.uuid('Choose a card').optional(),
    card: portalCardInputSchema.optional(),
    /** A gift card pays first, up to its balance; the card pays the rest (ADR 0040). */
    giftCardCode: z.string().trim().max(64, 'That is not a gift card code').optional(),
  })
  // One card, or none when a gift card is given: the server takes no card when the gift card
  // covers the whole purchase and asks for one ("Enter a card to pay") when it does not.
  .refine(
    (v) => !(v.paymentMethodId && v.card) && Boolean(v.paymentMethodId || v.card || v.giftCardCode),
    {
      message: 'Choose a card on file or enter a new card',
      path: ['paymentMethodId'],
    },
  );
export type PortalBuy = z.input<typeof portalBuySchema>;
export type PortalBuyParsed = z.output<typeof portalBuySchema>;

export const portalPurchaseSchema = z.object({
  membershipId: z.string(),
  planName: z.string(),
  message: z.string(),
});
export type PortalPurchase = z.infer<typeof portalPurchaseSchema>;
