import type { ScheduleSettings } from '@fitbase/domain/contracts/bookings';
import type { StudioScope } from '../../http/types.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { loadScheduleSettings, serializeScheduleSettings } from '../../context/booking-rules.ts';
import { upsertScheduleSettings } from './schedule-settings.queries.ts';

/** The studio scope these services read: its organization, role and database handle. */
type StudioOrg = Pick<StudioScope, 'organizationId' | 'role' | 'db'>;

export async function getScheduleSettings(org: StudioOrg): Promise<ScheduleSettings> {
  return loadScheduleSettings(org.db, org.organizationId);
}

export async function saveScheduleSettings(
  org: StudioScope,
  input: ScheduleSettings,
): Promise<ScheduleSettings> {
  return org.db.transaction(async (tx) => {
    const row = await upsertScheduleSettings(tx, org.organizationId, input);
    publishChange(org.work, {
      organizationId: org.organizationId,
      entity: 'schedule',
      action: 'updated',
      ids: [org.organizationId],
    });
    return serializeScheduleSettings(row);
  });
}
