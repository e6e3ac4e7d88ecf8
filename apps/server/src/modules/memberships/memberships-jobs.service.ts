import { lifecycleTransition } from '@fitbase/domain/membership-rules';
import { addDays, localDateOf } from '@fitbase/domain/recurrence';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Deps } from '../../http/types.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { studioToday } from '../../context/studio-time.ts';
import * as queries from './memberships.queries.ts';
import { syncMemberStatus } from './memberships.service.ts';
import { applyPause } from './membership-changes.service.ts';

/**
 * The 'memberships.lifecycle' job (docs/product/money-and-store.md#plans-and-memberships): in
 * each studio's time zone, paused memberships resume on their date and memberships whose end
 * date has passed end (packs, drop-ins, trials: expired; cancelled at period end: cancelled).
 * Each organization runs in its own tenant transaction with the rows locked; a membership that
 * changed no longer matches, so a retried or overlapping run changes nothing twice.
 */
export async function runMembershipLifecycle(
  deps: Pick<Deps, 'database'>,
  now: Date,
  /** Only this studio (the demo's history runs its own past days: src/demo). */
  options: { organizationId?: string } = {},
): Promise<{ changed: number }> {
  const { db } = deps.database;
  // No zone is more than 14 hours ahead of UTC: a bound every studio's today is within.
  const latestToday = addDays(localDateOf(now, 'UTC'), 1);
  let changed = 0;
  for (const organizationId of await queries.organizationsWithLifecycleWork(db, latestToday)) {
    if (options.organizationId && organizationId !== options.organizationId) continue;
    changed += await runInStudio(db, organizationId, async (tx, unit) => {
      const today = await studioToday(tx, organizationId, now);
      const members = new Set<string>();
      const ids: string[] = [];
      for (const m of await queries.lockLifecycleDue(tx, organizationId, today)) {
        const step = lifecycleTransition(m, today);
        if (!step) continue;
        if (step === 'pause') {
          // A pause the member booked ahead starts (membership-online.service.ts).
          await applyPause(tx, organizationId, m, m.pauseStartsOn!, m.pauseResumesOn!);
          members.add(m.memberId);
          ids.push(m.id);
          continue;
        }
        await queries.updateMembership(
          tx,
          organizationId,
          m.id,
          step === 'resume'
            ? { status: 'active', pausedOn: null, resumesOn: null }
            : {
                status: step === 'cancel' ? 'cancelled' : 'expired',
                nextBillingDate: null,
                nextRetryDate: null,
                pausedOn: null,
                resumesOn: null,
              },
        );
        if (step === 'resume' && m.resumesOn)
          await queries.closePause(tx, organizationId, m.id, m.resumesOn);
        members.add(m.memberId);
        ids.push(m.id);
      }
      for (const memberId of members) await syncMemberStatus(tx, unit, organizationId, memberId);
      if (ids.length > 0)
        publishChange(unit, { organizationId, entity: 'money', action: 'updated', ids });
      return ids.length;
    });
  }
  return { changed };
}
