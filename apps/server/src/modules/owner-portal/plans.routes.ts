import { z } from '@hono/zod-openapi';
import { planInputSchema, planSchema } from '@fitbase/domain/contracts/owner-portal';
import { platformRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { createPlan, editPlan, getPlans } from './plans.service.ts';

const listRoute = platformRoute({
  method: 'get',
  path: '/api/owner-portal/plans',
  tags: ['Owner portal'],
  summary: 'Subscription plans, active and inactive, by monthly price ascending',
  responses: { 200: jsonContent(z.array(planSchema)), ...errorResponses },
});

const createPlanRoute = platformRoute({
  method: 'post',
  path: '/api/owner-portal/plans',
  tags: ['Owner portal'],
  summary: 'Create a subscription plan (prices are exact decimal strings, features a JSON object)',
  request: { body: jsonBody(planInputSchema) },
  responses: { 201: jsonContent(planSchema, 'Created'), ...errorResponses },
});

const updatePlanRoute = platformRoute({
  method: 'put',
  path: '/api/owner-portal/plans/{planId}',
  tags: ['Owner portal'],
  summary: 'Update a subscription plan',
  request: {
    params: z.object({ planId: z.uuid('Plan not found') }),
    body: jsonBody(planInputSchema),
  },
  responses: { 200: jsonContent(planSchema), ...errorResponses },
});

export function plansRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => c.json(await getPlans(c.get('platform')), 200));
  app.openapi(createPlanRoute, async (c) =>
    c.json(await createPlan(c.get('platform'), c.req.valid('json')), 201),
  );
  app.openapi(updatePlanRoute, async (c) => {
    const plan = await editPlan(
      c.get('platform'),
      c.req.valid('param').planId,
      c.req.valid('json'),
    );
    return c.json(plan, 200);
  });
  return app;
}
