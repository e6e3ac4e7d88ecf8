import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { scheduleSettings } from '../db/schema/schedule.ts';

export type ScheduleSettingsRow = typeof scheduleSettings.$inferSelect;

export async function findScheduleSettings(
  db: Db | Tx,
  organizationId: string,
): Promise<ScheduleSettingsRow | null> {
  const [row] = await db
    .select()
    .from(scheduleSettings)
    .where(eq(scheduleSettings.organizationId, organizationId))
    .limit(1);
  return row ?? null;
}
