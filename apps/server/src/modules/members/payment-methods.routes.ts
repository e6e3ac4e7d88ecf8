import { createRoute, z } from '@hono/zod-openapi';
import { paymentMethodInputSchema, paymentMethodSchema } from '@fitbase/domain/contracts/members';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { memberIdHook, memberIdParams } from './member-params.ts';
import { addPaymentMethod, listPaymentMethods } from './payment-methods.service.ts';

const tags = ['Members'];

const listRoute = createRoute({
  method: 'get',
  path: '/api/members/{id}/payment-methods',
  tags,
  summary: "A member's active payment methods, default first",
  request: { params: memberIdParams },
  responses: { 200: jsonContent(z.array(paymentMethodSchema)), ...errorResponses },
});

const addRoute = createRoute({
  method: 'post',
  path: '/api/members/{id}/payment-methods',
  tags,
  summary:
    'Add a demo payment method: last four digits, brand and expiry only. A body with a full card number or a CVC is refused.',
  request: { params: memberIdParams, body: jsonBody(paymentMethodInputSchema) },
  responses: { 201: jsonContent(paymentMethodSchema, 'Created'), ...errorResponses },
});

/** Mounted by memberRoutes, behind its requireOrganization middleware. */
export function paymentMethodRoutes() {
  const app = createRouter();
  app.openapi(
    listRoute,
    async (c) =>
      c.json(
        await listPaymentMethods(c.get('deps').database.db, c.get('org'), c.req.valid('param').id),
        200,
      ),
    memberIdHook,
  );
  app.openapi(
    addRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await addPaymentMethod(c.get('deps').database.db, c.get('org'), id, c.req.valid('json')),
        201,
      );
    },
    memberIdHook,
  );
  return app;
}
