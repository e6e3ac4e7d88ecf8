import type { ErrorCode } from '@fitbase/domain/contracts/errors';

/** The one error type of the server. Codes map to HTTP statuses in one place. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const HTTP_STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500> = {
  validation_error: 400,
  weak_password: 400,
  own_role_change: 400,
  unauthorized: 401,
  forbidden: 403,
  no_organization: 403,
  two_factor_required: 403,
  not_found: 404,
  conflict: 409,
  limit_reached: 409,
  schedule_clash: 409,
  capacity_below_bookings: 409,
  class_has_bookings: 409,
  facility_capacity: 409,
  facility_in_use: 409,
  session_cancelled: 409,
  booking_closed: 409,
  already_booked: 409,
  booking_overlap: 409,
  session_full: 409,
  session_closed: 409,
  session_not_started: 409,
  not_booked: 409,
  membership_not_active: 409,
  outside_availability: 400,
  course_full: 409,
  // A payment the processor refused is a conflict with the card's state, not bad input.
  card_declined: 409,
  insufficient_funds: 409,
  card_expired: 409,
  no_payment_method: 409,
  out_of_stock: 409,
  discount_invalid: 409,
  refund_exceeds_paid: 400,
  no_credits: 409,
  weekly_limit_reached: 409,
  plan_inactive: 409,
  membership_state: 409,
  postal_address_required: 409,
  unknown_merge_field: 400,
  payload_too_large: 413,
  undo_expired: 409,
  low_contrast: 400,
  unsupported_media_type: 415,
  rate_limited: 429,
  account_locked: 429,
  invalid_code: 400,
  code_expired: 400,
  too_many_attempts: 429,
  member_exists: 409,
  waiver_required: 409,
  waiver_outdated: 409,
  kiosk_unpaired: 401,
  invalid_api_key: 401,
  api_key_read_only: 403,
  api_key_not_allowed: 403,
  kiosk_member_not_found: 404,
  kiosk_locked: 429,
  payment_past_due: 409,
  // A studio's currency is fixed after its first sale (ADR 0038).
  currency_locked: 409,
  gift_card_balance: 409,
  internal_error: 500,
};

export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found`);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** PostgreSQL unique_violation, across both drivers. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === '23505') return constraint ? candidate.constraint === constraint : true;
    e = candidate.cause;
  }
  return false;
}
