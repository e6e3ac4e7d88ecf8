import type { ScheduleSettings } from '@fitbase/domain/contracts/bookings';
import type { Db } from '../../db/client.ts';
import type { OrganizationContext, StudioScope } from '../../http/types.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { loadScheduleSettings, serializeScheduleSettings } from '../../context/booking-rules.ts';
import { upsertScheduleSettings } from './schedule-settings.queries.ts';

export async function getScheduleSettings(
  db: Db,
  org: OrganizationContext,
): Promise<ScheduleSettings> {
  return loadScheduleSettings(db, org.organizationId);
}

export async function saveScheduleSettings(
  db: Db,
  org: StudioScope,
  input: ScheduleSettings,
): Promise<ScheduleSettings> {
  return db.transaction(async (tx) => {
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
