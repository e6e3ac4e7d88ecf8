import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from '../constants.ts';
import { BOOKING_STATUSES, SCHEDULE_DEFAULTS } from '../schedule-constants.ts';
import { amountSchema } from './money.ts';
import { sessionSummarySchema } from './schedule.ts';

/** Bookings, waitlist, check-in and the booking rules (docs/product/schedule.md). */

const memberId = z.uuid('Choose a member');

// ---------------------------------------------------------------------------------------------
// Bookings

export const bookingSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  memberId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** 1 for the first in line; null unless waitlisted. */
  waitlistPosition: z.number().int().nullable(),
  checkedInAt: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** Book a member into a session; with `checkIn` a walk-in: booked and checked in at once. */
export const bookingCreateSchema = z.object({
  memberId,
  checkIn: z.boolean({ error: 'Check in must be true or false' }).default(false),
  /** Check in although the membership is not active (after the staff member confirmed). */
  confirm: z.boolean({ error: 'Confirm must be true or false' }).default(false),
});
export type BookingCreate = z.input<typeof bookingCreateSchema>;

export const checkInConfirmSchema = z.object({
  confirm: z.boolean({ error: 'Confirm must be true or false' }).default(false),
});
export type CheckInConfirm = z.input<typeof checkInConfirmSchema>;

export const rosterEntrySchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  waitlistPosition: z.number().int().nullable(),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
  member: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  }),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** The session and every booking of it: places first, then the waitlist in order, then the rest. */
export const rosterSchema = z.object({
  session: sessionSummarySchema,
  bookings: z.array(rosterEntrySchema),
});
export type Roster = z.infer<typeof rosterSchema>;

export const sessionCloseResultSchema = z.object({
  /** Bookings that became no-shows by this close (0 when it was closed already). */
  noShows: z.number().int(),
});
export type SessionCloseResult = z.infer<typeof sessionCloseResultSchema>;

export const memberBookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  checkedInAt: z.string().nullable(),
  session: z.object({
    id: z.string(),
    name: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    trainerName: z.string().nullable(),
  }),
});
export type MemberBooking = z.infer<typeof memberBookingSchema>;

/** A member's bookings, newest session first (member dashboard, Activity tab). */
export const memberBookingListSchema = z.object({ bookings: z.array(memberBookingSchema) });
export type MemberBookingList = z.infer<typeof memberBookingListSchema>;

export const MEMBER_BOOKINGS_LIMIT = 50;

// ---------------------------------------------------------------------------------------------
// Check-in (front desk, kiosk)

export const checkInInputSchema = z.object({
  memberId,
  /** A session: check in the member's booking, or book a walk-in when there is room. */
  sessionId: z.uuid('Session id must be a UUID').nullable().default(null),
  confirm: z.boolean({ error: 'Confirm must be true or false' }).default(false),
});
export type CheckInInput = z.input<typeof checkInInputSchema>;

export const checkInResultSchema = z.object({
  visitId: z.string(),
  bookingId: z.string().nullable(),
  /** A second check-in within a minute: the existing visit, nothing recorded. */
  duplicate: z.boolean(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

// ---------------------------------------------------------------------------------------------
// Booking rules (Settings → Schedule)

export const BOOKING_RULE_LIMITS = {
  lateCancelHours: { min: 0, max: 168 },
  waitlistCutoffHours: { min: 0, max: 168 },
  bookingClosesMinutes: { min: -1440, max: 1440 },
  noShowAfterMinutes: { min: 0, max: 1440 },
} as const;

/**
 * A late-cancel or no-show penalty (docs/product/money-and-store.md#plans-and-memberships):
 * none; credit = the class credit is kept (not given back); fee = this amount is charged to the
 * card on file (recorded as owed when there is none or it is declined).
 */
export const penaltySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('credit') }),
    z.object({ kind: z.literal('fee'), amount: amountSchema('Penalty fee') }),
  ],
  { error: 'Choose no penalty, keep the credit, or a fee' },
);
export type Penalty = z.infer<typeof penaltySchema>;

const wholeNumber = (label: string, unit: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number of ${unit}` })
    .int(`${label} must be a whole number of ${unit}`)
    .min(min, `${label} is at least ${min} ${unit}`)
    .max(max, `${label} is at most ${max} ${unit}`);

const limits = BOOKING_RULE_LIMITS;
export const scheduleSettingsSchema = z.object({
  /** A cancel this close to the start is a late cancel. */
  lateCancelHours: wholeNumber(
    'Late cancel window',
    'hours',
    limits.lateCancelHours.min,
    limits.lateCancelHours.max,
  ),
  /** The waitlist stops promoting this close to the start. */
  waitlistCutoffHours: wholeNumber(
    'Waitlist cut-off',
    'hours',
    limits.waitlistCutoffHours.min,
    limits.waitlistCutoffHours.max,
  ),
  /** Booking closes this many minutes before the start (negative: after the start). */
  bookingClosesMinutes: wholeNumber(
    'Booking closes',
    'minutes',
    limits.bookingClosesMinutes.min,
    limits.bookingClosesMinutes.max,
  ),
  autoNoShow: z.boolean({ error: 'Automatic no-shows must be true or false' }),
  /** Minutes after the end at which attendance closes by itself. */
  noShowAfterMinutes: wholeNumber(
    'No-show after',
    'minutes',
    limits.noShowAfterMinutes.min,
    limits.noShowAfterMinutes.max,
  ),
  lateCancelPenalty: penaltySchema,
  noShowPenalty: penaltySchema,
});
export type ScheduleSettings = z.infer<typeof scheduleSettingsSchema>;
export type ScheduleSettingsInput = z.input<typeof scheduleSettingsSchema>;

export const DEFAULT_SCHEDULE_SETTINGS: ScheduleSettings = {
  ...SCHEDULE_DEFAULTS,
  lateCancelPenalty: { kind: 'none' },
  noShowPenalty: { kind: 'none' },
};
