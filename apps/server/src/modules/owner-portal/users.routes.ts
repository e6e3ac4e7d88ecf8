import { z } from '@hono/zod-openapi';
import {
  platformUserPageSchema,
  updateRoleSchema,
  userSearchQuerySchema,
} from '@fitbase/domain/contracts/owner-portal';
import { PLATFORM_ROLES } from '@fitbase/domain/constants';
import { platformRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { changeUserRole, listUsers } from './users.service.ts';

const listRoute = platformRoute({
  method: 'get',
  path: '/api/owner-portal/users',
  tags: ['Owner portal'],
  summary:
    'Platform users, newest first, searched by name or email and paged by cursor (owners and admins)',
  request: { query: userSearchQuerySchema },
  responses: { 200: jsonContent(platformUserPageSchema), ...errorResponses },
});

const updateRoleRoute = platformRoute({
  method: 'put',
  path: '/api/owner-portal/users/{userId}/role',
  tags: ['Owner portal'],
  summary: "Change a user's platform role (platform owners only, never their own)",
  request: {
    params: z.object({ userId: z.string().min(1).max(100) }),
    body: jsonBody(updateRoleSchema),
  },
  responses: {
    200: jsonContent(z.object({ userId: z.string(), role: z.enum(PLATFORM_ROLES) })),
    ...errorResponses,
  },
});

export function usersRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) =>
    c.json(await listUsers(c.get('platform'), c.req.valid('query')), 200),
  );
  app.openapi(updateRoleRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const { role } = c.req.valid('json');
    const result = await changeUserRole(c.get('platform'), userId, role);
    return c.json(result, 200);
  });
  return app;
}
