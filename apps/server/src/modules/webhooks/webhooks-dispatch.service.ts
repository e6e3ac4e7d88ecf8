import { runInStudio } from '../../context/run-in-studio.ts';
import type { Deps } from '../../http/types.ts';
import { enqueueJobs, type JobRunner } from '../../jobs/job-queue.ts';
import { startNotifiedSweep, type NotifiedSweep } from '../../jobs/notified-sweep.ts';
import { webhookPayload } from './webhook-payloads.ts';
import { webhookDeliverJob } from './webhooks.jobs.ts';
import * as outbox from './webhook-deliveries.queries.ts';
import * as queries from './webhooks.queries.ts';

/**
 * The dispatcher (docs/decisions/0034-webhook-delivery.md): events the capture trigger recorded
 * become one delivery per enabled endpoint listening for them, each with its `webhooks.deliver`
 * job, in one transaction per studio (a crash redoes the whole batch, never half of it).
 * Woken by the trigger's NOTIFY at commit; the `webhooks.dispatch` job sweeps every minute for
 * whatever no process heard (a restart, a lost connection).
 */

/** The NOTIFY channel of migration 0048's capture trigger. */
export const WEBHOOK_CHANNEL = 'fitbase_webhooks';
const STUDIOS_PER_ROUND = 50;
const EVENTS_PER_STUDIO = 500;

async function dispatchStudio(deps: Deps, organizationId: string): Promise<number> {
  return runInStudio(deps.database.db, organizationId, async (tx, unit) => {
    const events = await outbox.claimEvents(tx, organizationId, EVENTS_PER_STUDIO);
    if (events.length === 0) return 0;
    const endpoints = await queries.enabledEndpoints(tx, organizationId);
    const deliveries: Array<{ organizationId: string; endpointId: string; eventId: string }> = [];
    for (const event of events) {
      // An endpoint disabled or changed since the event was recorded no longer gets it.
      const targets = endpoints.filter((endpoint) => endpoint.events.includes(event.type));
      if (targets.length === 0) continue;
      await outbox.setEventPayload(
        tx,
        organizationId,
        event.id,
        await webhookPayload(tx, organizationId, event, (err) =>
          deps.logger.error({ err, eventId: event.id }, 'Webhook payload read failed'),
        ),
      );
      for (const target of targets)
        deliveries.push({ organizationId, endpointId: target.id, eventId: event.id });
    }
    const ids = await outbox.insertDeliveries(tx, deliveries);
    await outbox.markDispatched(
      tx,
      organizationId,
      events.map((event) => event.id),
    );
    await enqueueJobs(
      unit,
      webhookDeliverJob,
      ids.map((deliveryId) => ({ data: { organizationId, deliveryId, manual: false } })),
    );
    return events.length;
  });
}

/** Dispatches every recorded event; returns how many. Safe in several processes at once. */
export async function dispatchWebhookEvents(deps: Deps): Promise<number> {
  let total = 0;
  for (;;) {
    const studios = await outbox.studiosWithPendingEvents(deps.database.db, STUDIOS_PER_ROUND);
    let round = 0;
    for (const { organizationId } of studios) round += await dispatchStudio(deps, organizationId);
    total += round;
    // Nothing left, or what is left is another process's (locked): it dispatches those.
    if (round === 0) return total;
  }
}

/** How long events, deliveries and attempts are kept (Settings › Webhooks shows the latest). */
export const WEBHOOK_RETENTION_DAYS = 30;

/**
 * The `webhooks.dispatch` job, every minute: dispatches what no process heard, then removes
 * events older than the retention (at most 5,000 a minute, so a backlog drains gently).
 */
export async function sweepWebhookEvents(deps: Deps, now: Date = new Date()): Promise<void> {
  await dispatchWebhookEvents(deps);
  const before = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 86_400_000);
  await outbox.pruneEvents(deps.database.db, before, 5000);
}

export type WebhookDispatcher = NotifiedSweep;

/**
 * One per server process: dispatches at the capture trigger's NOTIFY, then wakes this process's
 * delivery worker, so a delivery starts within milliseconds of the commit rather than at the job
 * queue's next poll.
 */
export function startWebhookDispatcher(
  deps: Deps,
  jobs: Pick<JobRunner, 'wake'>,
): Promise<WebhookDispatcher> {
  return startNotifiedSweep(
    deps,
    WEBHOOK_CHANNEL,
    async () => {
      if ((await dispatchWebhookEvents(deps)) > 0) jobs.wake('webhooks.deliver');
    },
    'Webhook dispatch failed',
  );
}
