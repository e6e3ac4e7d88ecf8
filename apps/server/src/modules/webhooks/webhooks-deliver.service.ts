import { runInStudio } from '../../context/run-in-studio.ts';
import type { Deps } from '../../http/types.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { sendWebhook, signedHeaders } from './webhook-send.ts';
import { webhookDeliverJob, webhookEmailJob, type WebhookDeliverJob } from './webhooks.jobs.ts';
import * as queries from './webhook-deliveries.queries.ts';

/**
 * One delivery attempt (the `webhooks.deliver` job; docs/decisions/0034-webhook-delivery.md):
 * signed as Standard Webhooks describe, logged with its answer, and on a failure (no 2xx, a
 * connection error, 10 s without an answer) the next attempt is a new job after 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h and 10 h. An endpoint that has failed without a success for 24 hours is
 * disabled and the studio's owners get an email.
 */

/** Seconds before scheduled attempt n + 2 (after attempt n + 1 failed). */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
export const DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;
export const DISABLED_REASON = 'Disabled by FitBase: every delivery failed for 24 hours';
/** A first attempt waits this long for an earlier event of the same object (order per object). */
const ORDER_WAIT_MS = 500;

const ok = (status: number | null) => status !== null && status >= 200 && status < 300;

export async function deliverWebhook(
  deps: Deps,
  job: WebhookDeliverJob,
  now: () => Date = () => new Date(),
): Promise<void> {
  const { organizationId, deliveryId, manual } = job;
  const db = deps.database.db;
  // A read outside any transaction (the job runs as the system role): one round trip, not four.
  const found = await queries.findDelivery(db, organizationId, deliveryId);
  if (!found) return;
  if (!manual) {
    // A scheduled attempt stops when the delivery is settled (a job run twice, a Resend that
    // succeeded) or the endpoint was disabled.
    if (found.status !== 'pending' || !found.enabled) return;
    if (
      found.attempts === 0 &&
      (await queries.earlierPendingForObject(db, organizationId, deliveryId))
    ) {
      await runInStudio(db, organizationId, (_tx, unit) =>
        enqueueJob(unit, webhookDeliverJob, job, {
          startAfter: new Date(now().getTime() + ORDER_WAIT_MS),
        }),
      );
      return;
    }
  }
  const delivery = found;

  const at = now();
  const body = JSON.stringify(delivery.payload);
  const result = await sendWebhook({
    url: delivery.url,
    body,
    headers: signedHeaders(delivery.secret, `msg_${delivery.eventId}`, body, at),
    allowLoopback: deps.config.webhookAllowLoopback ?? false,
  });
  const succeeded = ok(result.statusCode);

  await runInStudio(db, organizationId, async (tx, unit) => {
    let status = succeeded ? ('succeeded' as const) : delivery.status;
    if (succeeded) {
      await queries.markEndpointSucceeded(tx, organizationId, delivery.endpointId, at);
    } else {
      const failingSince = await queries.markEndpointFailing(
        tx,
        organizationId,
        delivery.endpointId,
        at,
      );
      const givenUp = at.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
      if (givenUp) {
        if (
          await queries.disableFailingEndpoint(
            tx,
            organizationId,
            delivery.endpointId,
            DISABLED_REASON,
          )
        )
          await enqueueJob(unit, webhookEmailJob, {
            organizationId,
            endpointId: delivery.endpointId,
          });
        if (status === 'pending') status = 'failed';
      } else if (!manual) {
        const delay = RETRY_DELAYS_SECONDS[job.attempt - 1];
        if (delay === undefined) status = 'failed';
        else
          await enqueueJob(
            unit,
            webhookDeliverJob,
            { organizationId, deliveryId, manual: false, attempt: job.attempt + 1 },
            { startAfter: new Date(at.getTime() + delay * 1000) },
          );
      }
    }
    await queries.recordAttempt(
      tx,
      {
        organizationId,
        deliveryId,
        endpointId: delivery.endpointId,
        attempt: delivery.attempts + 1,
        statusCode: result.statusCode,
        error: result.error,
        responseBody: result.responseBody,
        durationMs: result.durationMs,
        manual,
        attemptedAt: at,
      },
      { status, attempts: delivery.attempts + 1 },
    );
  });
  if (!succeeded)
    deps.logger.info(
      { deliveryId, statusCode: result.statusCode, error: result.error },
      'Webhook delivery attempt failed',
    );
}
