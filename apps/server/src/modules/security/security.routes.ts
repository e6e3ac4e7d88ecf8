import { z } from '@hono/zod-openapi';
import {
  accountSessionListSchema,
  securitySettingsSchema,
  securitySettingsUpdateSchema,
} from '@fitbase/domain/contracts/security';
import { accountRoute, studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import {
  getSecuritySettings,
  listSessions,
  revokeSession,
  updateSecuritySettings,
} from './security.service.ts';

const tags = ['Security'];

const getSettingsRoute = studioRoute({
  method: 'get',
  path: '/api/settings/security',
  permission: 'studio.access',
  apiKeys: false,
  tags,
  summary: "The studio's security rules (whether staff must use two-factor authentication)",
  responses: { 200: jsonContent(securitySettingsSchema), ...errorResponses },
});

const updateSettingsRoute = studioRoute({
  method: 'patch',
  path: '/api/settings/security',
  permission: 'organization.security',
  apiKeys: false,
  tags,
  summary: 'Require two-factor authentication for every member of staff (owner only)',
  request: { body: jsonBody(securitySettingsUpdateSchema) },
  responses: { 200: jsonContent(securitySettingsSchema), ...errorResponses },
});

const listSessionsRoute = accountRoute({
  method: 'get',
  path: '/api/account/sessions',
  tags,
  summary: "The signed-in person's active sessions: device, IP, last use; this one marked",
  responses: { 200: jsonContent(accountSessionListSchema), ...errorResponses },
});

const sessionParams = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' }, description: 'Session id' }),
});

const revokeSessionRoute = accountRoute({
  method: 'post',
  path: '/api/account/sessions/{id}/revoke',
  tags,
  summary: "Sign out one of the person's own sessions (another person's answers 404)",
  request: { params: sessionParams },
  responses: { 200: jsonContent(z.object({ revoked: z.boolean() })), ...errorResponses },
});

export function securityRoutes() {
  const app = createRouter();
  app.openapi(getSettingsRoute, async (c) =>
    c.json(await getSecuritySettings(c.get('studio')), 200),
  );
  app.openapi(updateSettingsRoute, async (c) =>
    c.json(await updateSecuritySettings(c.get('studio'), c.req.valid('json')), 200),
  );
  app.openapi(listSessionsRoute, async (c) => c.json(await listSessions(c.get('account')), 200));
  app.openapi(
    revokeSessionRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      await revokeSession(c.get('account'), id);
      return c.json({ revoked: true }, 200);
    },
    (result): undefined => {
      if (!result.success) throw notFound('Session');
    },
  );
  return app;
}
