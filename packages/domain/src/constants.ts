/** Business constants of the product (docs/product/foundation.md#shared-constants). */

export const TRIAL_DAYS = 14;
export const INVITATION_TTL_DAYS = 7;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
/**
 * The password rule in a person's words, shown under every field that sets a password before
 * anything is typed (docs/product/accounts.md#passwords; the check is password.ts).
 */
export const PASSWORD_RULE =
  'At least 6 characters. Not a common password, a common word with a year or numbers added (like Summer2026!), or your email or studio name: these are easy to guess. A few unrelated words work well.';
export const RECENT_ACTIVITY_LIMIT = 5;
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const MOBILE_BREAKPOINT_PX = 768;
export const TOOLTIP_DELAY_MS = 700;

export const SUBSCRIPTION_TIERS = ['trial', 'basic', 'pro', 'enterprise'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Setup plans (docs/product/organizations.md#plans-and-member-limits). Member limit null means
 * unlimited.
 */
export const SETUP_PLANS: ReadonlyArray<{
  tier: SubscriptionTier;
  label: string;
  priceMonthly: string | null;
  maxMembers: number | null;
}> = [
  { tier: 'trial', label: '14-Day Free Trial', priceMonthly: null, maxMembers: null },
  { tier: 'basic', label: 'Basic $49/month', priceMonthly: '49.00', maxMembers: 100 },
  { tier: 'pro', label: 'Pro $99/month', priceMonthly: '99.00', maxMembers: 500 },
  { tier: 'enterprise', label: 'Enterprise $199/month', priceMonthly: '199.00', maxMembers: null },
];

export function maxMembersForTier(tier: SubscriptionTier): number | null {
  return SETUP_PLANS.find((p) => p.tier === tier)?.maxMembers ?? null;
}

export const PLATFORM_ROLES = ['user', 'admin', 'owner'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];
/** Platform roles that may open the owner portal (docs/product/owner-portal.md#access). */
export const PORTAL_ROLES = ['owner', 'admin'] as const satisfies ReadonlyArray<PlatformRole>;

export const ORGANIZATION_ROLES = ['owner', 'admin', 'trainer', 'staff'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const BUSINESS_TYPES = [
  { value: 'crossfit', label: 'CrossFit Box' },
  { value: 'yoga', label: 'Yoga Studio' },
  { value: 'martial-arts', label: 'Martial Arts' },
  { value: 'personal-training', label: 'Personal Training' },
  { value: 'boutique', label: 'Boutique Fitness' },
  { value: 'large-gym', label: 'Large Gym' },
  { value: 'other', label: 'Other' },
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number]['value'];

export const CURRENT_MEMBER_RANGES = ['0-50', '51-200', '201-500', '501-1000', '1000+'] as const;

export const MEMBERSHIP_STATUSES = ['active', 'inactive', 'suspended', 'cancelled'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export const WORKOUT_TIMES = [
  'early_morning',
  'morning',
  'afternoon',
  'evening',
  'late_evening',
  'flexible',
] as const;
export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired'] as const;
export const STAFF_INVITATION_STATUSES = ['pending', 'accepted'] as const;
