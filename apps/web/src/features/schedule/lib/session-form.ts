import {
  CLASS_CAPACITY_MAX,
  CLASS_DURATION_MAX,
  CLASS_DURATION_MIN,
  CLASS_NAME_MAX,
  type SessionSummary,
  type SessionUpdate,
} from '@fitbase/domain/contracts/schedule';
import type { EditScope } from '@fitbase/domain/schedule-constants';
import { z } from 'zod';
import { TIME_PATTERN } from './class-form';
import { formatTime } from './schedule-dates';

/** Edit a session (docs/product/schedule.md#classes-and-sessions): the fields a session has. */
const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, min === 1 ? `${label} must be more than 0` : `${label} is at least ${min}`)
    .max(max, `${label} is at most ${max}`);

export const sessionFormSchema = z.object({
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
});
export type SessionFormValues = z.input<typeof sessionFormSchema>;
export type SessionFormOutput = z.output<typeof sessionFormSchema>;

export function sessionToForm(session: SessionSummary, timeZone: string): SessionFormValues {
  return {
    name: session.name,
    startTime: formatTime(session.startsAt, timeZone),
    durationMinutes: Math.round(
      (Date.parse(session.endsAt) - Date.parse(session.startsAt)) / 60_000,
    ),
    capacity: session.capacity,
    trainerUserId: session.trainer?.userId ?? null,
    facilityId: session.facility?.id ?? null,
  };
}

/**
 * PATCH /api/sessions/{id} body: the scope and only the fields that changed, so "all sessions"
 * does not overwrite what other sessions changed on their own.
 */
export function sessionChanges(
  scope: EditScope,
  before: SessionFormValues,
  after: SessionFormOutput,
): SessionUpdate | null {
  const changes: SessionUpdate = { scope };
  let changed = false;
  for (const key of Object.keys(sessionFormSchema.shape) as Array<keyof SessionFormOutput>) {
    if (after[key] !== before[key]) {
      (changes as Record<string, unknown>)[key] = after[key];
      changed = true;
    }
  }
  return changed ? changes : null;
}
