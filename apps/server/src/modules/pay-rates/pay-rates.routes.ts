import { z } from '@hono/zod-openapi';
import {
  payRateInputSchema,
  payRateListSchema,
  payRateSchema,
} from '@fitbase/domain/contracts/pay-rates';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { createPayRate, deletePayRate, listPayRates } from './pay-rates.service.ts';
import { fitsCurrency } from '../../context/studio-format.ts';

const idParams = z.object({ id: z.uuid('Pay rate id must be a UUID') });

const listRoute = studioRoute({
  method: 'get',
  path: '/api/pay-rates',
  permission: 'money.manage',
  tags: ['Pay rates'],
  summary: "Trainers' pay rates, the one in force today marked current (owner, admin)",
  responses: { 200: jsonContent(payRateListSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/pay-rates',
  permission: 'money.manage',
  tags: ['Pay rates'],
  summary: 'Add a rate from an effective date; one per trainer per date (owner, admin)',
  request: { body: jsonBody(payRateInputSchema) },
  responses: { 201: jsonContent(payRateSchema, 'Created'), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/pay-rates/{id}',
  permission: 'money.manage',
  tags: ['Pay rates'],
  summary: 'Delete a rate entered by mistake (owner, admin)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

export function payRateRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listPayRates(studio), 200);
  });
  app.openapi(createRoute, async (c) => {
    const studio = c.get('studio');
    const body = await fitsCurrency(studio, c.req.valid('json'), ['amount']);
    return c.json(await createPayRate(studio, body), 201);
  });
  app.openapi(deleteRoute, async (c) => {
    const studio = c.get('studio');
    await deletePayRate(studio, c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
}
