import { z } from '@hono/zod-openapi';
import {
  discountCheckResultSchema,
  discountCheckSchema,
  discountInputSchema,
  discountListSchema,
  discountSchema,
  discountUpdateSchema,
} from '@fitbase/domain/contracts/discounts';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  checkDiscount,
  createDiscount,
  deleteDiscount,
  listDiscounts,
  updateDiscount,
} from './discounts.service.ts';
import { fitsCurrency } from '../../context/studio-format.ts';

const idParams = z.object({ id: z.uuid('Discount id must be a UUID') });

const listRoute = studioRoute({
  method: 'get',
  path: '/api/discounts',
  permission: 'money.manage',
  tags: ['Discounts'],
  summary: "The studio's discount codes, active first (owner, admin)",
  responses: { 200: jsonContent(discountListSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/discounts',
  permission: 'money.manage',
  tags: ['Discounts'],
  summary: 'Add a discount code (owner, admin)',
  request: { body: jsonBody(discountInputSchema) },
  responses: { 201: jsonContent(discountSchema, 'Created'), ...errorResponses },
});

const checkRoute = studioRoute({
  method: 'post',
  path: '/api/discounts/check',
  permission: 'money.sell',
  tags: ['Discounts'],
  summary: 'What a code would take off an amount, without counting a use',
  request: { body: jsonBody(discountCheckSchema) },
  responses: { 200: jsonContent(discountCheckResultSchema), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/discounts/{id}',
  permission: 'money.manage',
  tags: ['Discounts'],
  summary: 'Change a discount code, e.g. deactivate it (owner, admin)',
  request: { params: idParams, body: jsonBody(discountUpdateSchema) },
  responses: { 200: jsonContent(discountSchema), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/discounts/{id}',
  permission: 'money.manage',
  tags: ['Discounts'],
  summary: 'Delete a code never used; a used code is deactivated instead (409)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

export function discountRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listDiscounts(studio), 200);
  });
  app.openapi(createRoute, async (c) => {
    const studio = c.get('studio');
    const input = c.req.valid('json');
    // A percentage may have decimals (12.5%); a fixed amount is money in the studio's currency.
    const body = await fitsCurrency(studio, input, input.kind === 'fixed' ? ['value'] : []);
    return c.json(await createDiscount(studio, body), 201);
  });
  app.openapi(checkRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await checkDiscount(studio, c.req.valid('json')), 200);
  });
  app.openapi(updateRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const body = await fitsCurrency(studio, input, input.kind === 'fixed' ? ['value'] : []);
    return c.json(await updateDiscount(studio, id, body), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const studio = c.get('studio');
    await deleteDiscount(studio, c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
}
