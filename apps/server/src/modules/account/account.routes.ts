import { z } from '@hono/zod-openapi';
import { meSchema, switchOrganizationSchema } from '@fitbase/domain/contracts/organizations';
import { accountRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { getMe, switchOrganization } from './account.service.ts';

const getMeRoute = accountRoute({
  method: 'get',
  path: '/api/me',
  tags: ['Account'],
  summary: 'The signed-in person, their platform role, organizations and current organization',
  responses: { 200: jsonContent(meSchema), ...errorResponses },
});

const switchRoute = accountRoute({
  method: 'put',
  path: '/api/me/current-organization',
  tags: ['Account'],
  summary: 'Choose the current organization (remembered per user)',
  request: { body: jsonBody(switchOrganizationSchema) },
  responses: { 200: jsonContent(meSchema), ...errorResponses },
});

const signOutSchema = z.object({ scope: z.enum(['local', 'global', 'others']).default('local') });

const signOutRoute = accountRoute({
  method: 'post',
  path: '/api/account/sign-out',
  tags: ['Account'],
  summary: 'Sign out of this device (local), every device (global) or every other device (others)',
  request: { body: jsonBody(signOutSchema) },
  responses: { 200: jsonContent(z.object({ scope: z.string() })), ...errorResponses },
});

export function accountRoutes() {
  const app = createRouter();
  app.openapi(getMeRoute, async (c) => c.json(await getMe(c.get('account')), 200));
  app.openapi(switchRoute, async (c) => {
    const { organizationId } = c.req.valid('json');
    return c.json(await switchOrganization(c.get('account'), organizationId), 200);
  });
  app.openapi(signOutRoute, async (c) => {
    const { scope } = c.req.valid('json');
    const { auth } = c.get('deps');
    const headers = c.req.raw.headers;
    // better-auth owns sessions: each scope is one of its endpoints.
    if (scope === 'others') {
      await auth.api.revokeOtherSessions({ headers });
      return c.json({ scope }, 200);
    }
    if (scope === 'global') await auth.api.revokeSessions({ headers });
    const response = await auth.api.signOut({ headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie())
      c.header('set-cookie', cookie, { append: true });
    return c.json({ scope }, 200);
  });
  return app;
}
