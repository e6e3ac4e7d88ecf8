/**
 * The check-in kiosk's constants and member-facing texts (docs/product/kiosk.md), apart from its
 * zod contracts (contracts/kiosk.ts) so the kiosk's own bundle does not carry zod.
 */

export const KIOSK_IDENTIFY_BY = ['phone_and_pin', 'member_number'] as const;
export type KioskIdentifyBy = (typeof KIOSK_IDENTIFY_BY)[number];

/** What a device's token starts with, so a leaked one is recognisable. */
export const KIOSK_TOKEN_PREFIX = 'fbk_';
/** Minutes a pairing code stays usable; it is shown once and works once. */
export const KIOSK_PAIRING_MINUTES = 15;
/** Failed identifications a kiosk may make in KIOSK_FAILED_WINDOW_MINUTES before it pauses. */
export const KIOSK_FAILED_TRIES = 10;
export const KIOSK_FAILED_WINDOW_MINUTES = 10;
/** Minutes between refreshes of the kiosk's cached list (and on reconnect). */
export const KIOSK_ROSTER_REFRESH_MINUTES = 5;
/** The most queued check-ins one sync request carries. */
export const KIOSK_SYNC_MAX = 500;

export const KIOSK_UNPAIRED_MESSAGE = 'This kiosk was unpaired';
export const KIOSK_NOT_FOUND_MESSAGE = "We couldn't find you: please see the front desk";
/** KIOSK_FAILED_TRIES failed identifications in the window: the kiosk pauses (429 kiosk_locked). */
export const KIOSK_LOCKED_MESSAGE = 'Too many tries: please see the front desk.';
/** A PIN is checked with the last 4 digits of the phone: without them there is nothing to set. */
export const KIOSK_PIN_PHONE_REQUIRED =
  'Add a phone number first: the kiosk asks for its last 4 digits.';
/** Two members with the same phone digits and PIN could not be told apart at the kiosk. */
export const KIOSK_PIN_TAKEN = 'Someone with this phone number uses this PIN: choose another.';

/** Member-facing reasons a kiosk refuses a check-in, by error code (the kiosk's big screen). */
export const KIOSK_REFUSALS = {
  membership_not_active: 'Your membership is not active: please see the front desk.',
  payment_past_due: 'A payment is past due: please see the front desk.',
  no_credits: 'You have no class credits left: buy a pack in the app or at the front desk.',
  waiver_required: "Please sign the studio's waiver in the app or at the front desk.",
  session_full: 'This class is full and you are not booked: please see the front desk.',
} as const;
export type KioskRefusal = keyof typeof KIOSK_REFUSALS;

export const KIOSK_STATUSES = ['waiting', 'paired', 'revoked'] as const;

export const KIOSK_EXCEPTION_FILTERS = ['open', 'all'] as const;

export const KIOSK_MEMBER_STATES = ['ok', ...Object.keys(KIOSK_REFUSALS)] as [
  'ok',
  ...KioskRefusal[],
];
