import {
  CLASS_CAPACITY_MAX,
  CLASS_DESCRIPTION_MAX,
  CLASS_DURATION_MAX,
  CLASS_DURATION_MIN,
  CLASS_NAME_MAX,
  type ScheduleClassInput,
} from '@fitbase/domain/contracts/schedule';
import { WEEKDAY_CODES, weeklyRule, type WeekdayCode } from '@fitbase/domain/weekly-rule';
import { z } from 'zod';
import { formatWallTime, isLocalDate } from './schedule-dates';

/**
 * The Add Class form (docs/product/schedule.md#classes-and-sessions): what a person fills in,
 * checked here with the same limits as the API, then turned into the API's body.
 */
const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, min === 1 ? `${label} must be more than 0` : `${label} is at least ${min}`)
    .max(max, `${label} is at most ${max}`);

const localDate = (label: string) => z.string().refine(isLocalDate, `${label} must be a date`);

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A session's own fields, the same in Add Class and Edit Session (lib/session-form.ts). */
export const sessionFieldSchemas = {
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(CLASS_NAME_MAX, `Name is at most ${CLASS_NAME_MAX} characters`),
  startTime: z.string().regex(TIME_PATTERN, 'Start time must be a time such as 07:00'),
  durationMinutes: whole('Duration (minutes)', CLASS_DURATION_MIN, CLASS_DURATION_MAX),
  capacity: whole('Capacity', 1, CLASS_CAPACITY_MAX),
  trainerUserId: z.string().nullable(),
  facilityId: z.string().nullable(),
};

export const classFormSchema = z
  .object({
    name: sessionFieldSchemas.name,
    serviceId: z.string().nullable(),
    description: z
      .string()
      .trim()
      .max(CLASS_DESCRIPTION_MAX, `Description is at most ${CLASS_DESCRIPTION_MAX} characters`),
    startsOn: localDate('Start date'),
    startTime: sessionFieldSchemas.startTime,
    durationMinutes: sessionFieldSchemas.durationMinutes,
    capacity: sessionFieldSchemas.capacity,
    trainerUserId: sessionFieldSchemas.trainerUserId,
    facilityId: sessionFieldSchemas.facilityId,
    color: z.string(),
    /** A course is a fixed series: members enrol in all of its sessions at once. */
    kind: z.enum(['class', 'course']),
    repeat: z.enum(['none', 'weekly']),
    weekdays: z.object(
      Object.fromEntries(WEEKDAY_CODES.map((code) => [code, z.boolean()])) as Record<
        WeekdayCode,
        z.ZodBoolean
      >,
    ),
    endsOn: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'course' && v.repeat !== 'weekly') {
      ctx.addIssue({
        code: 'custom',
        path: ['repeat'],
        message: 'A course is a series: choose Weekly',
      });
    }
    if (v.repeat !== 'weekly') return;
    if (!WEEKDAY_CODES.some((code) => v.weekdays[code])) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'Choose at least one day' });
    }
    if (v.endsOn === '') {
      if (v.kind === 'course')
        ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'A course needs an end date' });
      return;
    }
    if (!isLocalDate(v.endsOn)) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'End date must be a date' });
    } else if (isLocalDate(v.startsOn) && v.endsOn < v.startsOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'End date cannot be before the start date',
      });
    }
  });

export type ClassFormValues = z.input<typeof classFormSchema>;
export type ClassFormOutput = z.output<typeof classFormSchema>;

/** The colours a class can take, named so the picker reads well. */
export const CLASS_COLORS = [
  { value: '#3b82f6', label: 'Blue' },
  { value: '#10b981', label: 'Green' },
  { value: '#f59e0b', label: 'Amber' },
  { value: '#ef4444', label: 'Red' },
  { value: '#8b5cf6', label: 'Purple' },
  { value: '#ec4899', label: 'Pink' },
  { value: '#14b8a6', label: 'Teal' },
  { value: '#64748b', label: 'Slate' },
] as const;

export function emptyClassForm(startsOn: string): ClassFormValues {
  return {
    name: '',
    serviceId: null,
    description: '',
    startsOn,
    startTime: '07:00',
    durationMinutes: 60,
    capacity: 12,
    trainerUserId: null,
    facilityId: null,
    color: CLASS_COLORS[0].value,
    kind: 'class',
    repeat: 'none',
    weekdays: Object.fromEntries(WEEKDAY_CODES.map((code) => [code, false])) as Record<
      WeekdayCode,
      boolean
    >,
    endsOn: '',
  };
}

/** POST /api/classes body: a weekly repeat becomes an RRULE body, its end date `endsOn`. */
export function classFormToInput(values: ClassFormOutput): ScheduleClassInput {
  const weekly = values.repeat === 'weekly';
  return {
    kind: values.kind,
    name: values.name,
    description: values.description || null,
    serviceId: values.serviceId,
    capacity: values.capacity,
    durationMinutes: values.durationMinutes,
    trainerUserId: values.trainerUserId,
    facilityId: values.facilityId,
    color: values.color,
    startsOn: values.startsOn,
    startTime: values.startTime,
    recurrenceRule: weekly
      ? weeklyRule(WEEKDAY_CODES.filter((code) => values.weekdays[code]))
      : null,
    endsOn: weekly && values.endsOn ? values.endsOn : null,
  };
}

/** Start times every 15 minutes, plus `current` when it falls between them. */
export function timeOptions(
  current: string | undefined,
  locale: string,
): Array<{ value: string; label: string }> {
  const times = Array.from({ length: 96 }, (_, i) => {
    const h = String(Math.floor(i / 4)).padStart(2, '0');
    const m = String((i % 4) * 15).padStart(2, '0');
    return `${h}:${m}`;
  });
  if (current && TIME_PATTERN.test(current) && !times.includes(current)) {
    times.push(current);
    times.sort();
  }
  // The value stays HH:mm (what the API takes); the label is the studio's writing.
  return times.map((t) => ({ value: t, label: formatWallTime(t, locale) }));
}
