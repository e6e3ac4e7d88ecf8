import { z } from '@hono/zod-openapi';
import { visitSchema } from '@fitbase/domain/contracts/members';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { memberIdHook, memberIdParams } from './member-params.ts';
import { checkInMember, listVisitsOfMember } from './visits.service.ts';

const tags = ['Members'];

const checkInRoute = studioRoute({
  method: 'post',
  path: '/api/members/{id}/visits',
  permission: 'visits.create',
  tags,
  summary: 'Check a member in: records a visit now (type check_in)',
  request: { params: memberIdParams },
  responses: { 201: jsonContent(visitSchema, 'Created'), ...errorResponses },
});

const listVisitsRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}/visits',
  permission: 'members.view',
  tags,
  summary: "A member's visits, newest first (at most 100)",
  request: { params: memberIdParams },
  responses: { 200: jsonContent(z.array(visitSchema)), ...errorResponses },
});

/** Mounted by memberRoutes, behind its requireOrganization middleware. */
export function visitRoutes() {
  const app = createRouter();
  app.openapi(
    checkInRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await checkInMember(c.get('studio'), id), 201);
    },
    memberIdHook,
  );
  app.openapi(
    listVisitsRoute,
    async (c) => c.json(await listVisitsOfMember(c.get('studio'), c.req.valid('param').id), 200),
    memberIdHook,
  );
  return app;
}
