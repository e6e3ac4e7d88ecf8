import { z } from '@hono/zod-openapi';
import { paymentMethodInputSchema, paymentMethodSchema } from '@fitbase/domain/contracts/members';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { memberIdHook, memberIdParams } from './member-params.ts';
import { addPaymentMethod, listPaymentMethods } from './payment-methods.service.ts';

const tags = ['Members'];

const listRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}/payment-methods',
  permission: 'members.view',
  tags,
  summary: "A member's active payment methods, default first",
  request: { params: memberIdParams },
  responses: { 200: jsonContent(z.array(paymentMethodSchema)), ...errorResponses },
});

const addRoute = studioRoute({
  method: 'post',
  path: '/api/members/{id}/payment-methods',
  permission: 'payment_methods.create',
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
    async (c) => c.json(await listPaymentMethods(c.get('studio'), c.req.valid('param').id), 200),
    memberIdHook,
  );
  app.openapi(
    addRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await addPaymentMethod(c.get('studio'), id, c.req.valid('json')), 201);
    },
    memberIdHook,
  );
  return app;
}
