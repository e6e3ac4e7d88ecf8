import { randomBytes } from 'node:crypto';
import {
  createWebhookEndpointInputSchema,
  updateWebhookEndpointInputSchema,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@fitbase/domain/contracts/webhooks';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { StudioScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { parseEndpointUrl, resolvePublicAddress } from './webhook-address.ts';
import { webhookDeliverJob } from './webhooks.jobs.ts';
import * as deliveries from './webhook-deliveries.queries.ts';
import * as queries from './webhooks.queries.ts';

/**
 * Settings › Webhooks (docs/product/integrations.md#webhooks): owners and admins add HTTPS
 * endpoints, choose their events, see and resend deliveries.
 */

/** The studio scope and whether loopback endpoints are allowed (WEBHOOK_ALLOW_LOOPBACK). */
export type WebhookScope = StudioScope & { allowLoopback: boolean };

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint';
const DELIVERY_NOT_FOUND = 'Webhook delivery';
/** How many attempts the `Deliveries` list shows. */
const ATTEMPTS_SHOWN = 100;

/** `whsec_` and 24 random bytes in base64: the Standard Webhooks secret format. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

function serialize(row: queries.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    secret: row.secret,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The URL, refused when it is not https:// or resolves to a non-public address (SSRF). */
async function checkedUrl(raw: string, allowLoopback: boolean): Promise<string> {
  const url = parseEndpointUrl(raw, allowLoopback);
  await resolvePublicAddress(url.hostname, allowLoopback);
  return url.toString();
}

export async function listWebhookEndpoints(
  scope: StudioScope,
): Promise<{ endpoints: WebhookEndpoint[] }> {
  const rows = await queries.listEndpoints(scope.db, scope.organizationId);
  return { endpoints: rows.map(serialize) };
}

async function endpointOr404(scope: StudioScope, id: string): Promise<WebhookEndpoint> {
  const row = await queries.findEndpoint(scope.db, scope.organizationId, id);
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return serialize(row);
}

export async function createWebhookEndpoint(
  scope: WebhookScope,
  input: CreateWebhookEndpointInput,
): Promise<WebhookEndpoint> {
  const parsed = createWebhookEndpointInputSchema.parse(input);
  const url = await checkedUrl(parsed.url, scope.allowLoopback);
  const id = await queries.insertEndpoint(
    scope.db,
    {
      organizationId: scope.organizationId,
      url,
      description: parsed.description?.trim() || null,
      events: parsed.events,
      createdBy: scope.userId,
    },
    newWebhookSecret(),
  );
  return endpointOr404(scope, id);
}

/** Edit the address, description or events; enable or disable (enabling clears FitBase's reason). */
export async function updateWebhookEndpoint(
  scope: WebhookScope,
  id: string,
  input: UpdateWebhookEndpointInput,
): Promise<WebhookEndpoint> {
  const parsed = updateWebhookEndpointInputSchema.parse(input);
  const existing = await queries.findEndpoint(scope.db, scope.organizationId, id);
  if (!existing) throw notFound(ENDPOINT_NOT_FOUND);
  const url =
    parsed.url !== undefined && parsed.url !== existing.url
      ? await checkedUrl(parsed.url, scope.allowLoopback)
      : undefined;
  await queries.updateEndpoint(scope.db, scope.organizationId, id, {
    ...(url !== undefined ? { url } : {}),
    ...(parsed.description !== undefined
      ? { description: parsed.description?.trim() || null }
      : {}),
    ...(parsed.events !== undefined ? { events: parsed.events } : {}),
    ...(parsed.enabled !== undefined
      ? {
          enabled: parsed.enabled,
          disabledReason: null,
          ...(parsed.enabled ? { failingSince: null } : {}),
        }
      : {}),
  });
  return endpointOr404(scope, id);
}

/** `Rotate secret`: a new secret at once; receivers must switch to it. */
export async function rotateWebhookSecret(
  scope: StudioScope,
  id: string,
): Promise<WebhookEndpoint> {
  const updated = await queries.updateEndpoint(scope.db, scope.organizationId, id, {
    secretRotatedAt: new Date(),
  });
  if (!updated) throw notFound(ENDPOINT_NOT_FOUND);
  await queries.replaceSecret(scope.db, scope.organizationId, id, newWebhookSecret());
  return endpointOr404(scope, id);
}

export async function deleteWebhookEndpoint(scope: StudioScope, id: string): Promise<void> {
  if (!(await queries.deleteEndpoint(scope.db, scope.organizationId, id)))
    throw notFound(ENDPOINT_NOT_FOUND);
}

export async function listWebhookAttempts(
  scope: StudioScope,
  endpointId: string,
): Promise<{ attempts: WebhookAttempt[] }> {
  await endpointOr404(scope, endpointId);
  const rows = await deliveries.listAttempts(
    scope.db,
    scope.organizationId,
    endpointId,
    ATTEMPTS_SHOWN,
  );
  return {
    attempts: rows.map((row) => ({ ...row, attemptedAt: row.attemptedAt.toISOString() })),
  };
}

/** `Resend`: one more attempt now, outside the retry schedule (also for a succeeded delivery). */
export async function resendWebhookDelivery(
  scope: StudioScope,
  deliveryId: string,
): Promise<{ queued: true }> {
  const delivery = await deliveries.findDelivery(scope.db, scope.organizationId, deliveryId);
  if (!delivery) throw notFound(DELIVERY_NOT_FOUND);
  await enqueueJob(scope.work, webhookDeliverJob, {
    organizationId: scope.organizationId,
    deliveryId,
    manual: true,
  });
  return { queued: true };
}
