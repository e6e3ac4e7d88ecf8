import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { classSessions, scheduleSettings } from '../../db/schema/schedule.ts';
import { SCHEDULE_DEFAULTS } from '@fitbase/domain/schedule-constants';

import type { ScheduleSettingsRow } from '../../context/booking-rules.queries.ts';

type SettingsValues = Omit<typeof scheduleSettings.$inferInsert, 'organizationId' | 'updatedAt'>;

export async function upsertScheduleSettings(
  tx: Db | Tx,
  organizationId: string,
  values: SettingsValues,
): Promise<ScheduleSettingsRow> {
  const [row] = await tx
    .insert(scheduleSettings)
    .values({ ...values, organizationId })
    .onConflictDoUpdate({
      target: scheduleSettings.organizationId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('upsert schedule_settings returned no row');
  return row;
}

/**
 * Across organizations (the background job, as the system role): those with automatic
 * no-shows on (the default when they have no settings row) and a session that ended more than
 * their no-show delay before `now` and is still open.
 */
export async function organizationsWithSessionsToClose(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: classSessions.organizationId })
    .from(classSessions)
    .leftJoin(scheduleSettings, eq(scheduleSettings.organizationId, classSessions.organizationId))
    .where(
      and(
        eq(classSessions.status, 'scheduled'),
        isNull(classSessions.closedAt),
        lt(classSessions.endsAt, now),
        sql`coalesce(${scheduleSettings.autoNoShow}, ${SCHEDULE_DEFAULTS.autoNoShow})`,
        sql`${classSessions.endsAt} + make_interval(mins => coalesce(${scheduleSettings.noShowAfterMinutes}, ${SCHEDULE_DEFAULTS.noShowAfterMinutes}::int)) < ${now.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r) => r.organizationId);
}
