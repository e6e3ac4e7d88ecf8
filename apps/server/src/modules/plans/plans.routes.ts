import { z } from '@hono/zod-openapi';
import {
  planInputSchema,
  planListSchema,
  planSchema,
  planUpdateSchema,
} from '@fitbase/domain/contracts/plans';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { createPlan, deletePlan, listPlans, updatePlan } from './plans.service.ts';
import { fitsCurrency } from '../../context/studio-format.ts';

const tags = ['Plans'];
const idParams = z.object({ id: z.uuid('Plan id must be a UUID') });

const listRoute = studioRoute({
  method: 'get',
  path: '/api/plans',
  permission: 'money.view',
  tags,
  summary: "The studio's plans (pricing options), by service then name",
  request: {
    query: z.object({
      serviceId: z.uuid('Service id must be a UUID').optional(),
      active: z.enum(['true', 'false']).optional(),
    }),
  },
  responses: { 200: jsonContent(planListSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/plans',
  permission: 'money.manage',
  tags,
  summary: 'Add a plan (owner, admin)',
  request: { body: jsonBody(planInputSchema) },
  responses: { 201: jsonContent(planSchema, 'Created'), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/plans/{id}',
  permission: 'money.manage',
  tags,
  summary: 'Change a plan, e.g. deactivate it (owner, admin); sold memberships keep their price',
  request: { params: idParams, body: jsonBody(planUpdateSchema) },
  responses: { 200: jsonContent(planSchema), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/plans/{id}',
  permission: 'money.manage',
  tags,
  summary: 'Delete a plan never sold (owner, admin); a sold plan answers 409: deactivate it',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

export function planRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const { serviceId, active } = c.req.valid('query');
    const filter = { serviceId, active: active === undefined ? undefined : active === 'true' };
    return c.json(await listPlans(c.get('studio'), filter), 200);
  });
  app.openapi(createRoute, async (c) => {
    const body = await fitsCurrency(c.get('studio'), c.req.valid('json'), ['price', 'signupFee']);
    return c.json(await createPlan(c.get('studio'), body), 201);
  });
  app.openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = await fitsCurrency(c.get('studio'), c.req.valid('json'), ['price', 'signupFee']);
    return c.json(await updatePlan(c.get('studio'), id, body), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    await deletePlan(c.get('studio'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
}
