/** Schedule vocabularies (docs/product/schedule.md), shared by the database, API and web app. */
export const CLASS_KINDS = ['class', 'course'] as const;
export type ClassKind = (typeof CLASS_KINDS)[number];

export const SESSION_KINDS = ['class', 'course', 'appointment'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const BOOKING_STATUSES = [
  'booked',
  'waitlisted',
  'cancelled',
  'late_cancelled',
  'attended',
  'no_show',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Statuses that hold a place in the session (count against capacity). */
export const PLACE_HOLDING_STATUSES = ['booked', 'attended', 'no_show'] as const;

/** Sessions exist as rows at least this far ahead; the horizon job keeps it so. */
export const SESSION_HORIZON_WEEKS = 12;

export const SCHEDULE_DEFAULTS = {
  lateCancelHours: 12,
  waitlistCutoffHours: 2,
  bookingClosesMinutes: 0,
  autoNoShow: true,
  noShowAfterMinutes: 30,
} as const;

/** Two check-ins of one member within this many seconds are one visit (DECISIONS). */
export const DUPLICATE_CHECK_IN_SECONDS = 60;

/** Capacity colour of a fill percentage: 90+ red, 70+ orange, 50+ yellow, else green. */
export type CapacityLevel = 'red' | 'orange' | 'yellow' | 'green';
export function capacityLevel(booked: number, capacity: number): CapacityLevel {
  const percent = capacity > 0 ? (booked / capacity) * 100 : 0;
  if (percent >= 90) return 'red';
  if (percent >= 70) return 'orange';
  if (percent >= 50) return 'yellow';
  return 'green';
}

/** "How to edit a recurring class": the session alone, it and the later ones, or all. */
export const EDIT_SCOPES = ['this', 'following', 'all'] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];
