import { z } from '@hono/zod-openapi';
import {
  productInputSchema,
  productListQuery,
  productPageSchema,
  productSchema,
  productUpdateSchema,
  stockChangeSchema,
  stockMovementPageSchema,
  stockMovementQuery,
  storeSummarySchema,
} from '@fitbase/domain/contracts/store';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { changeStock, listMovements } from './inventory.service.ts';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  storeSummary,
  updateProduct,
} from './products.service.ts';
import { fitsCurrency } from '../../context/studio-format.ts';

const idParams = z.object({ id: z.uuid('Product id must be a UUID') });

const listRoute = studioRoute({
  method: 'get',
  path: '/api/products',
  permission: 'money.view',
  tags: ['Store'],
  summary: 'Products by name: search (name or SKU), category, low stock; one page',
  request: { query: productListQuery },
  responses: { 200: jsonContent(productPageSchema), ...errorResponses },
});

const getRoute = studioRoute({
  method: 'get',
  path: '/api/products/{id}',
  permission: 'money.view',
  tags: ['Store'],
  summary: 'One product',
  request: { params: idParams },
  responses: { 200: jsonContent(productSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/products',
  permission: 'money.manage',
  tags: ['Store'],
  summary: 'Add a product; opening stock is recorded as received (owner, admin)',
  request: { body: jsonBody(productInputSchema) },
  responses: { 201: jsonContent(productSchema, 'Created'), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/products/{id}',
  permission: 'money.manage',
  tags: ['Store'],
  summary: 'Change a product, e.g. deactivate it; stock changes go through /stock (owner, admin)',
  request: { params: idParams, body: jsonBody(productUpdateSchema) },
  responses: { 200: jsonContent(productSchema), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/products/{id}',
  permission: 'money.manage',
  tags: ['Store'],
  summary: 'Delete a product never sold; a sold one answers 409 (deactivate it instead)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

const stockRoute = studioRoute({
  method: 'post',
  path: '/api/products/{id}/stock',
  permission: 'money.manage',
  tags: ['Store'],
  summary: 'Stock received (+N), adjusted (±N, with a note) or counted (absolute count)',
  request: { params: idParams, body: jsonBody(stockChangeSchema) },
  responses: { 200: jsonContent(productSchema), ...errorResponses },
});

const movementsRoute = studioRoute({
  method: 'get',
  path: '/api/stock-movements',
  permission: 'money.view',
  tags: ['Store'],
  summary: 'Every stock movement with its reason, newest first; one page',
  request: { query: stockMovementQuery },
  responses: { 200: jsonContent(stockMovementPageSchema), ...errorResponses },
});

const summaryRoute = studioRoute({
  method: 'get',
  path: '/api/store/summary',
  permission: 'money.view',
  tags: ['Store'],
  summary: 'Counts: active products, orders this month, products at or below their threshold',
  responses: { 200: jsonContent(storeSummarySchema), ...errorResponses },
});

export function storeRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listProducts(studio, c.req.valid('query')), 200);
  });
  app.openapi(getRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await getProduct(studio, c.req.valid('param').id), 200);
  });
  app.openapi(createRoute, async (c) => {
    const studio = c.get('studio');
    const body = await fitsCurrency(studio, c.req.valid('json'), ['price', 'cost']);
    return c.json(await createProduct(studio, body), 201);
  });
  app.openapi(updateRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    const body = await fitsCurrency(studio, c.req.valid('json'), ['price', 'cost']);
    return c.json(await updateProduct(studio, id, body), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const studio = c.get('studio');
    await deleteProduct(studio, c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(stockRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await changeStock(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(movementsRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listMovements(studio, c.req.valid('query')), 200);
  });
  app.openapi(summaryRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await storeSummary(studio), 200);
  });
  return app;
}
