import { z } from 'zod';
import {
  CLASS_KINDS,
  EDIT_SCOPES,
  SESSION_KINDS,
  SESSION_STATUSES,
} from '../schedule-constants.ts';

/** docs/product/schedule.md: limits of the schedule forms. */
export const FACILITY_NAME_MAX = 120;
export const FACILITY_CAPACITY_MAX = 10_000;
export const CLASS_NAME_MAX = 120;
export const CLASS_DESCRIPTION_MAX = 2000;
export const CLASS_CAPACITY_MAX = 10_000;
export const CLASS_DURATION_MIN = 5;
export const CLASS_DURATION_MAX = 1440;
export const RECURRENCE_RULE_MAX = 500;
/** The week view asks for at most this many days at once. */
export const SESSION_RANGE_MAX_DAYS = 42;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const localDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine((v) => ISO_DATE.test(v) && isRealDate(v), `${label} must be a date (YYYY-MM-DD)`);

const localTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(LOCAL_TIME, `${label} must be a time such as 07:00`);

const facilityName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(FACILITY_NAME_MAX, `Name is at most ${FACILITY_NAME_MAX} characters`);

const facilityCapacity = z
  .number({ error: 'Capacity must be a whole number' })
  .int('Capacity must be a whole number')
  .positive('Capacity must be more than 0')
  .max(FACILITY_CAPACITY_MAX, `Capacity is at most ${FACILITY_CAPACITY_MAX}`);

const className = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(CLASS_NAME_MAX, `Name is at most ${CLASS_NAME_MAX} characters`);

const classDescription = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(CLASS_DESCRIPTION_MAX, `Description is at most ${CLASS_DESCRIPTION_MAX} characters`)
  .nullable()
  .transform((v) => (v ? v : null));

const capacity = z
  .number({ error: 'Capacity must be a whole number' })
  .int('Capacity must be a whole number')
  .positive('Capacity must be more than 0')
  .max(CLASS_CAPACITY_MAX, `Capacity is at most ${CLASS_CAPACITY_MAX}`);

const durationMinutes = z
  .number({ error: 'Duration (minutes) must be a whole number' })
  .int('Duration (minutes) must be a whole number')
  .min(CLASS_DURATION_MIN, `Duration (minutes) is at least ${CLASS_DURATION_MIN}`)
  .max(CLASS_DURATION_MAX, `Duration (minutes) is at most ${CLASS_DURATION_MAX}`);

const color = z
  .string({ error: 'Colour must be a hex colour such as #3b82f6' })
  .trim()
  .regex(HEX_COLOR, 'Colour must be a hex colour such as #3b82f6')
  .transform((v) => v.toLowerCase());

/** An optional reference: '' and null both mean "none". */
const optionalId = z
  .string()
  .trim()
  .nullable()
  .transform((v) => (v ? v : null));

/**
 * RFC 5545 RRULE body without DTSTART (e.g. "FREQ=WEEKLY;BYDAY=MO,WE,FR"); '' or null = a
 * one-off class. The server checks the rule itself (packages/domain/src/recurrence.ts).
 */
const recurrenceRule = z
  .string({ error: 'Recurrence rule must be text' })
  .trim()
  .max(RECURRENCE_RULE_MAX, `Recurrence rule is at most ${RECURRENCE_RULE_MAX} characters`)
  .nullable()
  .transform((v) => (v ? v.replace(/^RRULE:/i, '') : null))
  .describe('RFC 5545 RRULE body without DTSTART, e.g. FREQ=WEEKLY;BYDAY=MO,WE,FR; null = one-off');

// ---------------------------------------------------------------------------------------------
// Facilities

export const facilitySchema = z.object({
  id: z.string(),
  name: z.string(),
  capacity: z.number().int(),
});
export type Facility = z.infer<typeof facilitySchema>;

export const facilityListSchema = z.object({ facilities: z.array(facilitySchema) });
export type FacilityList = z.infer<typeof facilityListSchema>;

export const facilityInputSchema = z.object({ name: facilityName, capacity: facilityCapacity });
export type FacilityInput = z.input<typeof facilityInputSchema>;

export const facilityUpdateSchema = z
  .object({ name: facilityName.optional(), capacity: facilityCapacity.optional() })
  .refine((v) => v.name !== undefined || v.capacity !== undefined, {
    message: 'Send at least one field to change',
  });
export type FacilityUpdate = z.input<typeof facilityUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Classes and courses

export const scheduleClassSchema = z.object({
  id: z.string(),
  kind: z.enum(CLASS_KINDS),
  name: z.string(),
  description: z.string().nullable(),
  serviceId: z.string().nullable(),
  capacity: z.number().int(),
  durationMinutes: z.number().int(),
  trainerUserId: z.string().nullable(),
  facilityId: z.string().nullable(),
  color: z.string(),
  /** RRULE body without DTSTART; null = one-off. */
  recurrenceRule: z.string().nullable(),
  /** First local date (YYYY-MM-DD) in the organization's time zone. */
  startsOn: z.string(),
  /** Local wall-clock start time, HH:MM. */
  startTime: z.string(),
  /** Last local date of the series (YYYY-MM-DD), or null when it runs on. */
  endsOn: z.string().nullable(),
  nextSessionAt: z.string().nullable(),
  upcomingSessions: z.number().int(),
  createdAt: z.string(),
});
export type ScheduleClass = z.infer<typeof scheduleClassSchema>;

export const scheduleClassListSchema = z.object({ classes: z.array(scheduleClassSchema) });
export type ScheduleClassList = z.infer<typeof scheduleClassListSchema>;

export const classListQuerySchema = z.object({ kind: z.enum(CLASS_KINDS).optional() });

/** Create a class or course (docs/product/schedule.md#classes-and-sessions). */
export const scheduleClassInputSchema = z
  .object({
    kind: z.enum(CLASS_KINDS, 'Choose class or course').default('class'),
    /** Optional when a service is chosen: the service's name is used. */
    name: className.optional(),
    description: classDescription.default(null),
    serviceId: optionalId.default(null),
    capacity,
    /** Optional when a service with a duration is chosen. */
    durationMinutes: durationMinutes.optional(),
    trainerUserId: optionalId.default(null),
    facilityId: optionalId.default(null),
    color: color.optional(),
    startsOn: localDate('Start date'),
    startTime: localTime('Start time'),
    recurrenceRule: recurrenceRule.default(null),
    endsOn: localDate('End date')
      .nullable()
      .default(null)
      .describe('Last local date of the series; null runs on'),
  })
  .superRefine((v, ctx) => {
    if (v.endsOn && v.endsOn < v.startsOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'End date cannot be before the start date',
      });
    }
    if (v.endsOn && !v.recurrenceRule && v.endsOn !== v.startsOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'A one-off class has no end date; add a repeat rule',
      });
    }
  });
export type ScheduleClassInput = z.input<typeof scheduleClassInputSchema>;

/** Change a class: its defaults and every future session not changed on its own (scope "all"). */
export const scheduleClassUpdateSchema = z
  .object({
    name: className.optional(),
    description: classDescription.optional(),
    serviceId: optionalId.optional(),
    capacity: capacity.optional(),
    durationMinutes: durationMinutes.optional(),
    trainerUserId: optionalId.optional(),
    facilityId: optionalId.optional(),
    color: color.optional(),
    startTime: localTime('Start time').optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'Send at least one field to change',
  });
export type ScheduleClassUpdate = z.input<typeof scheduleClassUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Sessions

export const sessionSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(SESSION_KINDS),
  classId: z.string().nullable(),
  serviceId: z.string().nullable(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  bookedCount: z.number().int(),
  waitlistCount: z.number().int(),
  color: z.string(),
  status: z.enum(SESSION_STATUSES),
  detached: z.boolean(),
  trainer: z.object({ userId: z.string(), name: z.string() }).nullable(),
  facility: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionCountsSchema = z.object({
  /** Scheduled sessions today, in the organization's time zone. */
  today: z.number().int(),
  /** Scheduled sessions this week (Monday to Sunday). */
  thisWeek: z.number().int(),
  /** Places taken in this week's scheduled sessions. */
  bookings: z.number().int(),
});
export type SessionCounts = z.infer<typeof sessionCountsSchema>;

export const sessionListSchema = z.object({
  sessions: z.array(sessionSummarySchema),
  counts: sessionCountsSchema,
});
export type SessionList = z.infer<typeof sessionListSchema>;

const isoInstant = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be an ISO 8601 date-time`);

export const sessionListQuerySchema = z
  .object({
    from: isoInstant('From'),
    to: isoInstant('To'),
    trainerId: z.string().max(100).optional(),
    facilityId: z.uuid('Facility id must be a UUID').optional(),
    classId: z.uuid('Class id must be a UUID').optional(),
  })
  .superRefine((v, ctx) => {
    const from = Date.parse(v.from);
    const to = Date.parse(v.to);
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (to <= from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be after From' });
    } else if (to - from > SESSION_RANGE_MAX_DAYS * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Ask for at most ${SESSION_RANGE_MAX_DAYS} days at once`,
      });
    }
  });
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

/** Change a session: just this one, it and the following ones, or all (EDIT_SCOPES). */
export const sessionUpdateSchema = z
  .object({
    scope: z.enum(EDIT_SCOPES, 'Choose this session, following sessions or all sessions'),
    name: className.optional(),
    startTime: localTime('Start time').optional(),
    durationMinutes: durationMinutes.optional(),
    capacity: capacity.optional(),
    trainerUserId: optionalId.optional(),
    facilityId: optionalId.optional(),
  })
  .refine(
    (v) =>
      [v.name, v.startTime, v.durationMinutes, v.capacity, v.trainerUserId, v.facilityId].some(
        (field) => field !== undefined,
      ),
    { message: 'Send at least one field to change' },
  );
export type SessionUpdate = z.input<typeof sessionUpdateSchema>;

export const sessionCancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, 'Reason is at most 500 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type SessionCancel = z.input<typeof sessionCancelSchema>;
