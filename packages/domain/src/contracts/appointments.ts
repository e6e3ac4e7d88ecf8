import { z } from 'zod';
import { ORGANIZATION_ROLES } from '../constants.ts';
import { DISCOUNT_KINDS, PAY_RATE_KINDS } from '../money-constants.ts';
import { sessionSummarySchema } from './schedule.ts';

/**
 * Trainers, their weekly availability, one-to-one appointments, course enrolment and the
 * /manage overview (docs/product/schedule.md#appointments, #courses).
 */

/** The preset colours a trainer's sessions and appointments are drawn in. */
export const TRAINER_COLORS = [
  '#3b82f6',
  '#10b981',
  '#ef4444',
  '#8b5cf6',
  '#f59e0b',
  '#ec4899',
  '#6366f1',
  '#f97316',
] as const;

/** A trainer's colour: the same preset for the same person, everywhere and always. */
export function trainerColor(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i += 1) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return TRAINER_COLORS[hash % TRAINER_COLORS.length]!;
}

/** At most this many availability slots per trainer (a week of fine-grained slots). */
export const AVAILABILITY_SLOTS_MAX = 100;

const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const localTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(LOCAL_TIME, `${label} must be a time such as 07:00`);

const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

// ---------------------------------------------------------------------------------------------
// Trainers

export const trainerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  /** One of TRAINER_COLORS, derived from the user id. */
  color: z.string(),
});
export type Trainer = z.infer<typeof trainerSchema>;

export const trainerListSchema = z.object({ trainers: z.array(trainerSchema) });
export type TrainerList = z.infer<typeof trainerListSchema>;

// ---------------------------------------------------------------------------------------------
// Weekly availability (the organization's wall-clock time)

export const availabilitySlotSchema = z.object({
  id: z.string(),
  /** 0 = Sunday … 6 = Saturday. */
  weekday: z.number().int(),
  /** HH:MM local. */
  startTime: z.string(),
  /** HH:MM local, after startTime. */
  endTime: z.string(),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

export const availabilitySchema = z.object({ slots: z.array(availabilitySlotSchema) });
export type Availability = z.infer<typeof availabilitySchema>;

const availabilitySlotInputSchema = z
  .object({
    weekday: z
      .number({ error: 'Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)' })
      .int('Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)')
      .min(0, 'Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)')
      .max(6, 'Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)'),
    startTime: localTime('Start time'),
    endTime: localTime('End time'),
  })
  .refine((s) => s.endTime > s.startTime, {
    path: ['endTime'],
    message: 'End time must be after the start time',
  });

/** The whole weekly set; it replaces the stored one. Slots of one weekday may not overlap. */
export const availabilityInputSchema = z
  .object({
    slots: z
      .array(availabilitySlotInputSchema)
      .max(AVAILABILITY_SLOTS_MAX, `At most ${AVAILABILITY_SLOTS_MAX} slots`),
  })
  .superRefine(({ slots }, ctx) => {
    const order = slots
      .map((slot, index) => ({ ...slot, index }))
      .sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
    for (let i = 1; i < order.length; i += 1) {
      const before = order[i - 1]!;
      const slot = order[i]!;
      if (slot.weekday === before.weekday && slot.startTime < before.endTime) {
        ctx.addIssue({
          code: 'custom',
          path: ['slots', slot.index, 'startTime'],
          message: `Overlaps another ${WEEKDAY_NAMES[slot.weekday]} slot (${before.startTime}–${before.endTime})`,
        });
      }
    }
  });
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;

// ---------------------------------------------------------------------------------------------
// Appointments

export const appointmentSlotsQuerySchema = z.object({
  trainerUserId: z.string({ error: 'Trainer is required' }).trim().min(1, 'Trainer is required'),
  serviceId: z.uuid('Service id must be a UUID'),
  date: z
    .string({ error: 'Date is required' })
    .trim()
    .refine(
      (v) => ISO_DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v,
      'Date must be a date (YYYY-MM-DD)',
    ),
});
export type AppointmentSlotsQuery = z.infer<typeof appointmentSlotsQuerySchema>;

export const appointmentSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string() });
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

export const appointmentSlotListSchema = z.object({ slots: z.array(appointmentSlotSchema) });
export type AppointmentSlotList = z.infer<typeof appointmentSlotListSchema>;

export const appointmentInputSchema = z.object({
  trainerUserId: z.string({ error: 'Trainer is required' }).trim().min(1, 'Trainer is required'),
  serviceId: z.uuid('Service id must be a UUID'),
  memberId: z.uuid('Member id must be a UUID'),
  startsAt: z.iso.datetime({ offset: true, error: 'Start must be an ISO 8601 date-time' }),
});
export type AppointmentInput = z.input<typeof appointmentInputSchema>;

// ---------------------------------------------------------------------------------------------
// Courses

export const courseEnrolmentInputSchema = z.object({
  memberId: z.uuid('Member id must be a UUID'),
});
export type CourseEnrolmentInput = z.input<typeof courseEnrolmentInputSchema>;

export const courseEnrolmentResultSchema = z.object({
  /** Sessions the member was booked into. */
  bookings: z.number().int(),
});
export type CourseEnrolmentResult = z.infer<typeof courseEnrolmentResultSchema>;

// ---------------------------------------------------------------------------------------------
// /manage overview

export const manageClassSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  nextSessionAt: z.string().nullable(),
  upcomingSessions: z.number().int(),
});
export type ManageClassSummary = z.infer<typeof manageClassSummarySchema>;

export const manageAppointmentSchema = z.object({
  session: sessionSummarySchema,
  member: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type ManageAppointment = z.infer<typeof manageAppointmentSchema>;

export const manageOverviewSchema = z.object({
  counts: z.object({
    clients: z.number().int(),
    classes: z.number().int(),
    courses: z.number().int(),
    facilities: z.number().int(),
    /** People whose role in the studio is trainer. */
    trainers: z.number().int(),
    /** Scheduled appointments that have not started yet. */
    upcomingAppointments: z.number().int(),
    services: z.number().int(),
    /** Active plans (pricing options) beside the services. */
    plans: z.number().int(),
    /** Active discount codes. */
    discounts: z.number().int(),
    /** Trainers with a pay rate in force today. */
    payRates: z.number().int(),
  }),
  /** The first 5 active discount codes by code. */
  discounts: z.array(
    z.object({ id: z.string(), code: z.string(), kind: z.enum(DISCOUNT_KINDS), value: z.string() }),
  ),
  /** The first 5 trainers with a current pay rate, by name (no amounts: every role sees /manage). */
  payRates: z.array(
    z.object({ staffUserId: z.string(), staffName: z.string(), kind: z.enum(PAY_RATE_KINDS) }),
  ),
  /** The first 5 classes by name, with their next session. */
  classes: z.array(manageClassSummarySchema),
  /** The first 5 courses by name. */
  courses: z.array(manageClassSummarySchema),
  /** The first 5 facilities by name. */
  facilities: z.array(z.object({ id: z.string(), name: z.string(), capacity: z.number().int() })),
  /** The first 5 trainers (role trainer) by name. */
  trainers: z.array(trainerSchema),
  /** The next 5 scheduled appointments. */
  appointments: z.array(manageAppointmentSchema),
});
export type ManageOverview = z.infer<typeof manageOverviewSchema>;
