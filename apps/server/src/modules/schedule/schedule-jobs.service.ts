import { addDays, localDateOf } from '@fitbase/domain/recurrence';
import { SESSION_HORIZON_WEEKS } from '@fitbase/domain/schedule-constants';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Deps } from '../../http/types.ts';
import * as queries from './schedule.queries.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import { generateSessions, horizonEnd, lockSchedule, notifySchedule } from './schedule.service.ts';

/**
 * The horizon job (docs/product/schedule.md#horizon): sessions of every active recurring class
 * exist at least SESSION_HORIZON_WEEKS ahead. Runs per organization in its own tenant
 * transaction; idempotent (a stored occurrence is never inserted twice, `generated_until` moves
 * forward only), so a retry or a second run creates nothing new.
 */
export async function extendHorizons(
  deps: Pick<Deps, 'database'>,
  now: Date,
  /** Only this studio (the demo's history moves its own horizon day by day: src/demo). */
  options: { organizationId?: string } = {},
): Promise<void> {
  // Every zone's today is at most one day after UTC's: organizations with a class behind this
  // bound are the only ones that can need work.
  const bound = addDays(localDateOf(now, 'UTC'), SESSION_HORIZON_WEEKS * 7 + 1);
  const organizationIds = await queries.organizationsBehindHorizon(deps.database.db, bound);
  for (const organizationId of organizationIds) {
    if (options.organizationId && organizationId !== options.organizationId) continue;
    await runInStudio(deps.database.db, organizationId, async (tx, unit) => {
      const timeZone = await getOrganizationTimeZone(tx, organizationId);
      const until = horizonEnd(now, timeZone);
      const classes = await queries.classesBehindHorizon(tx, organizationId, until);
      if (classes.length === 0) return;
      await lockSchedule(tx, organizationId);
      const ids: string[] = [];
      const today = localDateOf(now, timeZone);
      for (const cls of classes) {
        const next = cls.generatedUntil ? addDays(cls.generatedUntil, 1) : cls.startsOn;
        const from = next > today ? next : today;
        const rows = generateSessions(cls, timeZone, { from, to: until }, now);
        ids.push(...(await queries.insertSessions(tx, organizationId, rows)));
        await queries.updateClass(tx, organizationId, cls.id, { generatedUntil: until });
      }
      if (ids.length > 0) notifySchedule(unit, organizationId, 'created', ids);
    });
  }
}
