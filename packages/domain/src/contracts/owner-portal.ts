import { z } from 'zod';
import { INVITATION_STATUSES, PLATFORM_ROLES } from '../constants.ts';

/** Contracts of the owner portal (docs/product/owner-portal.md) and of /invite/{token}. */

/** In constants.ts, where the web app's route guard reads it without loading zod. */
export { PORTAL_ROLES } from '../constants.ts';

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

/** Keyset paging: `cursor` is the opaque `nextCursor` of the previous page. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

// ---------------------------------------------------------------- users

export const userSearchQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});

export const platformUserSchema = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: z.enum(PLATFORM_ROLES),
  /** Name of the active subscription's plan; null shows as 'Free'. */
  planName: z.string().nullable(),
  createdAt: z.string(),
});
export type PlatformUser = z.infer<typeof platformUserSchema>;
export const platformUserPageSchema = pageOf(platformUserSchema);
export type PlatformUserPage = z.infer<typeof platformUserPageSchema>;

export const updateRoleSchema = z.object({ role: z.enum(PLATFORM_ROLES) });

export const ROLE_CHANGE_OWNER_ONLY = 'Only owners can update user roles';
export const ROLE_CHANGE_OWN_ROLE = 'You cannot change your own role';

// ---------------------------------------------------------------- plans

const MAX_AMOUNT_DIGITS = 8; // numeric(10, 2)

/** A price as an exact decimal string: never negative, at most two decimals. */
export const priceSchema = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => !v.startsWith('-'), `${label} cannot be negative`)
    .refine(
      (v) => v.startsWith('-') || new RegExp(`^\\d{1,${MAX_AMOUNT_DIGITS}}(\\.\\d{1,2})?$`).test(v),
      `${label} must be an amount like 49.99 (at most two decimals)`,
    );

export const planInputSchema = z.object({
  name: z.string('Plan Name is required').trim().min(1, 'Plan Name is required').max(120),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => (v ? v : null)),
  priceMonthly: priceSchema('Monthly Price'),
  priceYearly: z
    .string()
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null))
    .pipe(priceSchema('Yearly Price').nullable()),
  /**
   * A JSON object (docs/product/owner-portal.md#subscription-plans); the form sends {} for empty
   * text.
   */
  features: z.record(z.string(), z.unknown(), 'Features must be a JSON object').default({}),
  isActive: z.boolean().default(true),
});
export type PlanInput = z.input<typeof planInputSchema>;

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priceMonthly: z.string(),
  priceYearly: z.string().nullable(),
  features: z.record(z.string(), z.unknown()),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

// ---------------------------------------------------------------- invitations

export const DEMO_EMAIL_REQUIRED = 'Please enter your demo email address when demo mode is enabled';

export const createInvitationSchema = z
  .object({
    email: z
      .email('Enter a valid email address')
      .max(254)
      .transform((v) => v.toLowerCase()),
    planId: z
      .uuid('Choose a plan from the list')
      .nullish()
      .transform((v) => v ?? null),
    demoMode: z.boolean().default(false),
    demoEmail: z
      .string()
      .trim()
      .max(254)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((value, ctx) => {
    if (!value.demoMode) return;
    if (!value.demoEmail)
      ctx.addIssue({ code: 'custom', path: ['demoEmail'], message: DEMO_EMAIL_REQUIRED });
    else if (!z.email().safeParse(value.demoEmail).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['demoEmail'],
        message: 'Enter a valid demo email address',
      });
    }
  });
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  token: z.string(),
  email: z.string(),
  planName: z.string().nullable(),
  /**
   * `expired` once past expiresAt, whatever is stored (docs/product/owner-portal.md#invite-users).
   */
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationPageSchema = pageOf(invitationSchema);
export type InvitationPage = z.infer<typeof invitationPageSchema>;

export const createInvitationResultSchema = z.object({
  invitation: invitationSchema,
  /** False when the invitation was stored but the mail server refused the message. */
  emailSent: z.boolean(),
  /** Where the email went: the recipient, or the demo address in demo mode. */
  sentTo: z.string(),
});
export type CreateInvitationResult = z.infer<typeof createInvitationResultSchema>;

/** What /invite/{token} shows before sign-in; details only while the invitation is open. */
export const publicInvitationSchema = z.object({
  status: z.enum(INVITATION_STATUSES),
  email: z.string().nullable(),
  inviterName: z.string().nullable(),
  planName: z.string().nullable(),
  planPriceMonthly: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

export const acceptInvitationResultSchema = z.object({
  status: z.literal('accepted'),
  planName: z.string().nullable(),
});
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResultSchema>;

// ---------------------------------------------------------------- analytics and trial requests

export const analyticsSchema = z.object({
  totalUsers: z.number().int(),
  activeSubscriptions: z.number().int(),
  /** Sum of price_monthly of active subscriptions, exact ("1234.50"). */
  monthlyRevenue: z.string(),
  /** Profiles created since the first of the current month (UTC). */
  newUsersThisMonth: z.number().int(),
  planDistribution: z.array(
    z.object({ planId: z.string(), planName: z.string(), subscriptions: z.number().int() }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const trialRequestItemSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  businessType: z.string(),
  currentMembers: z.string().nullable(),
  location: z.string().nullable(),
  currentSoftware: z.string().nullable(),
  challenges: z.string().nullable(),
  createdAt: z.string(),
});
export type TrialRequestItem = z.infer<typeof trialRequestItemSchema>;
export const trialRequestPageSchema = pageOf(trialRequestItemSchema);
export type TrialRequestPage = z.infer<typeof trialRequestPageSchema>;
