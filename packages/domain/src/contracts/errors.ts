/** The one error shape every API response uses (server maps codes to HTTP in one place). */
export const ERROR_CODES = [
  'validation_error',
  'unauthorized',
  'forbidden',
  /** The person belongs to no organization yet (or none is chosen): set one up first. */
  'no_organization',
  'not_found',
  'conflict',
  'rate_limited',
  'account_locked',
  'payload_too_large',
  'weak_password',
  /** A platform owner tried to change their own role. */
  'own_role_change',
  'limit_reached',
  'internal_error',
  /** Schedule (docs/product/schedule.md): a trainer or room already busy at that time. */
  'schedule_clash',
  'capacity_below_bookings',
  'class_has_bookings',
  'facility_capacity',
  'facility_in_use',
  /** Bookings (docs/product/schedule.md#bookings-and-waitlist). */
  'session_cancelled',
  'booking_closed',
  'already_booked',
  'booking_overlap',
  'session_full',
  'session_closed',
  'session_not_started',
  'not_booked',
  'membership_not_active',
  /** Appointments and courses (docs/product/schedule.md#appointments, #courses). */
  'outside_availability',
  'course_full',
  /** Money and store (docs/product/money-and-store.md). */
  'card_declined',
  'insufficient_funds',
  'card_expired',
  'no_payment_method',
  'out_of_stock',
  'discount_invalid',
  'refund_exceeds_paid',
  'no_credits',
  'weekly_limit_reached',
  'plan_inactive',
  'membership_state',
  /** Connect (docs/product/connect-and-messaging.md): marketing mail needs the studio's address. */
  'postal_address_required',
  'unknown_merge_field',
  /** Settings (docs/product/settings-and-help.md): a brand colour white text cannot be read on. */
  'low_contrast',
  /** An upload whose content is not an accepted type, whatever its name or Content-Type says. */
  'unsupported_media_type',
  /** Data import (docs/product/settings-and-help.md): an import older than 24 hours cannot be undone. */
  'undo_expired',
  /** The studio requires two-factor authentication and the person has not turned it on. */
  'two_factor_required',
  /** Member portal sign-in (docs/product/member-portal.md): a wrong, expired or worn-out code. */
  'invalid_code',
  'code_expired',
  'too_many_attempts',
  /** Join online (docs/product/member-portal.md#join-online): the email is a member's: sign in. */
  'member_exists',
  /** Waivers (docs/product/waivers.md): booking needs a signed current version; a signature of an old one. */
  'waiver_required',
  'waiver_outdated',
  /** The kiosk (docs/product/kiosk.md): its token was revoked or never paired; nobody found; too many failed tries. */
  'kiosk_unpaired',
  /** API keys (docs/product/integrations.md#api-keys): an unknown or revoked key; a read-only key's write; a route keys never reach. */
  'invalid_api_key',
  'api_key_read_only',
  'api_key_not_allowed',
  'kiosk_member_not_found',
  'kiosk_locked',
  'payment_past_due',
  'currency_locked',
  /** Gift cards (docs/product/money-and-store.md#gift-cards): less left on the card than asked. */
  'gift_card_balance',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ErrorCode | (string & {});
    message: string;
    /** Field-level problems for validation errors, keyed by dotted path. */
    fields?: Record<string, string>;
    requestId?: string;
  };
}
