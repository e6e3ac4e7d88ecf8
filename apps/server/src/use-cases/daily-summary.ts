import { runInStudio } from '../context/run-in-studio.ts';
import type { Deps } from '../http/types.ts';
import { studioFiguresBetween } from '../modules/dashboard/dashboard.service.ts';
import {
  dailySummaryReaders,
  sendDailySummaryOnce,
  studiosDueForSummary,
} from '../modules/notifications/notifications-jobs.service.ts';

/**
 * The daily summary (the hourly 'notifications.daily-summary' job): for each studio whose day has
 * started, the dashboard's figures of yesterday go by notifications to each person who chose the
 * summary, once per (person, studio, day); one transaction per studio.
 */
export async function runDailySummary(deps: Deps, now: Date): Promise<{ sent: number }> {
  const { db } = deps.database;
  let sent = 0;
  for (const { organizationId, day, span } of await studiosDueForSummary(db, now)) {
    sent += await runInStudio(db, organizationId, async (tx, unit) => {
      const readers = await dailySummaryReaders(tx, organizationId);
      if (readers.length === 0) return 0;
      const figures = await studioFiguresBetween(tx, organizationId, span);
      let count = 0;
      for (const userId of readers)
        if (await sendDailySummaryOnce(tx, unit, organizationId, userId, day, figures)) count += 1;
      return count;
    });
  }
  return { sent };
}
