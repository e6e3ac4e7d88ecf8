import { z } from '@hono/zod-openapi';
import {
  automationInputSchema,
  automationListSchema,
  automationRunPageSchema,
  automationRunsQuerySchema,
  automationSchema,
  automationUpdateSchema,
} from '@fitbase/domain/contracts/automations';
import { studioRoute } from '../../context/declare-route.ts';
import type { Deps } from '../../http/types.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  createAutomation,
  deleteAutomation,
  getAutomation,
  listAutomations,
  listRuns,
  updateAutomation,
} from './automations.service.ts';

const idParams = z.object({ id: z.uuid('Automation id must be a UUID') });
const tags = ['Automations'];

const listRoute = studioRoute({
  method: 'get',
  path: '/api/automations',
  permission: 'connect.view',
  tags,
  summary: "The studio's automations, oldest first (the three ready-made ones included)",
  responses: { 200: jsonContent(automationListSchema), ...errorResponses },
});

const getRoute = studioRoute({
  method: 'get',
  path: '/api/automations/{id}',
  permission: 'connect.view',
  tags,
  summary: 'One automation with its trigger and steps',
  request: { params: idParams },
  responses: { 200: jsonContent(automationSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/automations',
  permission: 'connect.manage',
  tags,
  summary: 'Add an automation (owner, admin)',
  request: { body: jsonBody(automationInputSchema) },
  responses: { 201: jsonContent(automationSchema, 'Created'), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/automations/{id}',
  permission: 'connect.manage',
  tags,
  summary: 'Edit an automation, or activate/deactivate it with isActive (owner, admin)',
  request: { params: idParams, body: jsonBody(automationUpdateSchema) },
  responses: { 200: jsonContent(automationSchema), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/automations/{id}',
  permission: 'connect.manage',
  tags,
  summary: 'Delete an automation and its run log; a ready-made one is deactivated instead (409)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

const runsRoute = studioRoute({
  method: 'get',
  path: '/api/automations/{id}/runs',
  permission: 'connect.view',
  tags,
  summary: "The automation's run log: each member's or lead's path through it, newest first",
  request: { params: idParams, query: automationRunsQuerySchema },
  responses: { 200: jsonContent(automationRunPageSchema), ...errorResponses },
});

/**
 * `deps` gives the first listing a writable handle for the ready-made automations (a studio
 * route's own `c.get('deps')` holds its transaction instead).
 */
export function automationRoutes(deps: Deps) {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listAutomations({ ...studio, deps }), 200);
  });
  app.openapi(getRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await getAutomation(studio, c.req.valid('param').id), 200);
  });
  app.openapi(createRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await createAutomation(studio, c.req.valid('json')), 201);
  });
  app.openapi(updateRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await updateAutomation(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const studio = c.get('studio');
    await deleteAutomation(studio, c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(runsRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await listRuns(studio, id, c.req.valid('query')), 200);
  });
  return app;
}
