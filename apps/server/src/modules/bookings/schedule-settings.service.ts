import {
  DEFAULT_SCHEDULE_SETTINGS,
  penaltySchema,
  type Penalty,
  type ScheduleSettings,
} from '@fitbase/domain/contracts/bookings';
import type { Db, Tx } from '../../db/client.ts';
import type { OrganizationContext } from '../../http/types.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import {
  findScheduleSettings,
  upsertScheduleSettings,
  type ScheduleSettingsRow,
} from './schedule-settings.queries.ts';

/** A stored penalty; anything unreadable (older rows) counts as no penalty. */
function readPenalty(value: unknown): Penalty {
  const parsed = penaltySchema.safeParse(value);
  return parsed.success ? parsed.data : { kind: 'none' };
}

function serializeSettings(row: ScheduleSettingsRow | null): ScheduleSettings {
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
  return serializeSettings(await findScheduleSettings(db, organizationId));
}

export async function getScheduleSettings(
  db: Db,
  org: OrganizationContext,
): Promise<ScheduleSettings> {
  return loadScheduleSettings(db, org.organizationId);
}

export async function saveScheduleSettings(
  db: Db,
  org: OrganizationContext,
  input: ScheduleSettings,
): Promise<ScheduleSettings> {
  return db.transaction(async (tx) => {
    const row = await upsertScheduleSettings(tx, org.organizationId, input);
    await publishChange(tx, {
      organizationId: org.organizationId,
      entity: 'schedule',
      action: 'updated',
      ids: [org.organizationId],
    });
    return serializeSettings(row);
  });
}
