import { z } from '@hono/zod-openapi';
import {
  createWebhookEndpointInputSchema,
  updateWebhookEndpointInputSchema,
  webhookAttemptSchema,
  webhookEndpointSchema,
} from '@fitbase/domain/contracts/webhooks';
import type { ZodError } from 'zod';
import { studioRoute } from '../../context/declare-route.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  ENDPOINT_NOT_FOUND,
  listWebhookAttempts,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './webhooks.service.ts';

/** Settings › Webhooks (docs/product/integrations.md#webhooks): owners and admins. */

const tags = ['Webhooks'];
const permission = 'organization.settings';
// apiKeys: false on every route: an API key may not read the signing secrets or send the
// studio's events to an address of its choosing (docs/product/integrations.md#api-keys).
const idParams = (what: string) =>
  z.object({
    id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: `${what} id` }),
  });

/** An id that cannot exist answers like an unknown one (docs/product/tenancy.md). */
const idHook =
  (what: string) => (result: { success: boolean; error?: unknown; target?: string }) => {
    if (result.success) return undefined;
    if (result.target === 'param') throw notFound(what);
    throw validationError(result.error as ZodError, result.target ?? 'request');
  };

const listRoute = studioRoute({
  method: 'get',
  path: '/api/webhook-endpoints',
  permission,
  apiKeys: false,
  tags,
  summary: "The studio's webhook endpoints, their events and signing secrets",
  responses: {
    200: jsonContent(z.object({ endpoints: z.array(webhookEndpointSchema) })),
    ...errorResponses,
  },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/webhook-endpoints',
  permission,
  apiKeys: false,
  tags,
  summary:
    '`Add endpoint`: an https:// address on the public internet (refused when it resolves to a private, loopback, link-local or metadata address) and its events',
  request: { body: jsonBody(createWebhookEndpointInputSchema) },
  responses: { 201: jsonContent(webhookEndpointSchema, 'Created'), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/webhook-endpoints/{id}',
  permission,
  apiKeys: false,
  tags,
  summary: 'Edit an endpoint: address, description, events, enabled',
  request: {
    params: idParams('Webhook endpoint'),
    body: jsonBody(updateWebhookEndpointInputSchema),
  },
  responses: { 200: jsonContent(webhookEndpointSchema), ...errorResponses },
});

const rotateRoute = studioRoute({
  method: 'post',
  path: '/api/webhook-endpoints/{id}/rotate-secret',
  permission,
  apiKeys: false,
  tags,
  summary: '`Rotate secret`: a new signing secret from the next attempt on',
  request: { params: idParams('Webhook endpoint') },
  responses: { 200: jsonContent(webhookEndpointSchema), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/webhook-endpoints/{id}',
  permission,
  apiKeys: false,
  tags,
  summary: 'Delete an endpoint and its delivery log',
  request: { params: idParams('Webhook endpoint') },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

const attemptsRoute = studioRoute({
  method: 'get',
  path: '/api/webhook-endpoints/{id}/attempts',
  permission,
  apiKeys: false,
  tags,
  summary: '`Deliveries`: the endpoint’s latest 100 attempts, newest first',
  request: { params: idParams('Webhook endpoint') },
  responses: {
    200: jsonContent(z.object({ attempts: z.array(webhookAttemptSchema) })),
    ...errorResponses,
  },
});

const resendRoute = studioRoute({
  method: 'post',
  path: '/api/webhook-deliveries/{id}/resend',
  permission,
  apiKeys: false,
  tags,
  summary: '`Resend`: one more attempt of a delivery now, whatever its status',
  request: { params: idParams('Webhook delivery') },
  responses: {
    202: jsonContent(z.object({ queued: z.literal(true) }), 'Queued'),
    ...errorResponses,
  },
});

export function webhooksRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => c.json(await listWebhookEndpoints(c.get('studio')), 200));
  app.openapi(createRoute, async (c) =>
    c.json(
      await createWebhookEndpoint(
        { ...c.get('studio'), allowLoopback: c.get('deps').config.webhookAllowLoopback ?? false },
        c.req.valid('json'),
      ),
      201,
    ),
  );
  app.openapi(
    updateRoute,
    async (c) =>
      c.json(
        await updateWebhookEndpoint(
          { ...c.get('studio'), allowLoopback: c.get('deps').config.webhookAllowLoopback ?? false },
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
        200,
      ),
    idHook(ENDPOINT_NOT_FOUND),
  );
  app.openapi(
    rotateRoute,
    async (c) => c.json(await rotateWebhookSecret(c.get('studio'), c.req.valid('param').id), 200),
    idHook(ENDPOINT_NOT_FOUND),
  );
  app.openapi(
    deleteRoute,
    async (c) => {
      await deleteWebhookEndpoint(c.get('studio'), c.req.valid('param').id);
      return c.body(null, 204);
    },
    idHook(ENDPOINT_NOT_FOUND),
  );
  app.openapi(
    attemptsRoute,
    async (c) => c.json(await listWebhookAttempts(c.get('studio'), c.req.valid('param').id), 200),
    idHook(ENDPOINT_NOT_FOUND),
  );
  app.openapi(
    resendRoute,
    async (c) => c.json(await resendWebhookDelivery(c.get('studio'), c.req.valid('param').id), 202),
    idHook('Webhook delivery'),
  );
  return app;
}
