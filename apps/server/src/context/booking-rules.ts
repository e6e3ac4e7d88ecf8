import {
  DEFAULT_SCHEDULE_SETTINGS,
  penaltySchema,
  type Penalty,
  type ScheduleSettings,
} from '@fitbase/domain/contracts/bookings';
import type { Db, Tx } from '../db/client.ts';
import { findScheduleSettings, type ScheduleSettingsRow } from './booking-rules.queries.ts';

/**
 * The studio's booking rules (Settings › Schedule: cancellation window, waitlist cut-off,
 * no-shows, penalties), read by bookings, memberships (a credit's penalty) and the jobs. They are
 * saved by the bookings module (bookings/schedule-settings.service.ts).
 */

/** A stored penalty; anything unreadable (older rows) counts as no penalty. */
function readPenalty(value: unknown): Penalty {
  const parsed = penaltySchema.safeParse(value);
  return parsed.success ? parsed.data : { kind: 'none' };
}

export function serializeScheduleSettings(row: ScheduleSettingsRow | null): ScheduleSettings {
  if (!row) return DEFAULT_SCHEDULE_SETTINGS;
  return {
    lateCancelHours: row.lateCancelHours,
    waitlistCutoffHours: row.waitlistCutoffHours,
    bookingClosesMinutes: row.bookingClosesMinutes,
    autoNoShow: row.autoNoShow,
    noShowAfterMinutes: row.noShowAfterMinutes,
    lateCancelPenalty: readPenalty(row.lateCancelPenalty),
    noShowPenalty: readPenalty(row.noShowPenalty),
  };
}

/** The studio's booking rules; the defaults while it never saved any (docs/product/schedule.md). */
export async function loadScheduleSettings(
  db: Db | Tx,
  organizationId: string,
): Promise<ScheduleSettings> {
  return serializeScheduleSettings(await findScheduleSettings(db, organizationId));
}
