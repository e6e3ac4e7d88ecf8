import type { SessionSummary, SessionUpdate } from '@fitbase/domain/contracts/schedule';
import type { EditScope } from '@fitbase/domain/schedule-constants';
import { z } from 'zod';
import { sessionFieldSchemas } from './class-form';
import { inputTime } from './schedule-dates';

/** Edit a session (docs/product/schedule.md#classes-and-sessions): the fields a session has. */
export const sessionFormSchema = z.object(sessionFieldSchemas);
export type SessionFormValues = z.input<typeof sessionFormSchema>;
export type SessionFormOutput = z.output<typeof sessionFormSchema>;

export function sessionToForm(session: SessionSummary, timeZone: string): SessionFormValues {
  return {
    name: session.name,
    startTime: inputTime(session.startsAt, timeZone),
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
