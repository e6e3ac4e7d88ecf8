import { z } from '@hono/zod-openapi';
import {
  apiKeySchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
} from '@fitbase/domain/contracts/api-keys';
import type { ZodError } from 'zod';
import { studioRoute } from '../../context/declare-route.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

/** Settings › API keys (docs/product/integrations.md#api-keys): never reachable with a key. */

const tags = ['API keys'];

const idParams = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: 'API key id' }),
});

/** An id that cannot exist answers like an unknown one (docs/product/tenancy.md). */
const idHook = (result: { success: boolean; error?: unknown; target?: string }) => {
  if (result.success) return undefined;
  if (result.target === 'param') throw notFound('API key');
  throw validationError(result.error as ZodError, result.target ?? 'request');
};

const listRoute = studioRoute({
  method: 'get',
  path: '/api/api-keys',
  permission: 'organization.settings',
  apiKeys: false,
  tags,
  summary: "The studio's API keys: name, scope, creator, created, last used, revoked",
  responses: { 200: jsonContent(z.object({ apiKeys: z.array(apiKeySchema) })), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/api-keys',
  permission: 'organization.settings',
  apiKeys: false,
  tags,
  summary: '`Create API key`: the key is in this answer only (`fb_` and 43 base62 characters)',
  request: { body: jsonBody(createApiKeyInputSchema) },
  responses: { 201: jsonContent(createdApiKeySchema, 'Created'), ...errorResponses },
});

const revokeRoute = studioRoute({
  method: 'post',
  path: '/api/api-keys/{id}/revoke',
  permission: 'organization.settings',
  apiKeys: false,
  tags,
  summary: '`Revoke`: the key is refused from its next request on',
  request: { params: idParams },
  responses: { 200: jsonContent(apiKeySchema), ...errorResponses },
});

export function apiKeysRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => c.json(await listApiKeys(c.get('studio')), 200));
  app.openapi(createRoute, async (c) =>
    c.json(await createApiKey(c.get('studio'), c.req.valid('json')), 201),
  );
  app.openapi(
    revokeRoute,
    async (c) => c.json(await revokeApiKey(c.get('studio'), c.req.valid('param')), 200),
    idHook,
  );
  return app;
}
