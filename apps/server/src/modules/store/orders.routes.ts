import { z } from '@hono/zod-openapi';
import {
  orderCreateSchema,
  orderListQuery,
  orderPageSchema,
  orderRefundSchema,
  orderSchema,
} from '@fitbase/domain/contracts/store';
import { studioRoute } from '../../context/declare-route.ts';
import { errorResponse } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { createOrder, getOrder, listOrders, refundOrder } from './orders.service.ts';
import { fitsCurrency } from '../../context/studio-format.ts';
import { clientIp } from '../../http/client-ip.ts';
import { findCardForPayment } from '../gift-cards/gift-cards.service.ts';

const idParams = z.object({ id: z.uuid('Order id must be a UUID') });

const listRoute = studioRoute({
  method: 'get',
  path: '/api/orders',
  permission: 'money.view',
  tags: ['Store'],
  summary: 'Orders, newest first: status filter, search (#number, customer); one page',
  request: { query: orderListQuery },
  responses: { 200: jsonContent(orderPageSchema), ...errorResponses },
});

const getRoute = studioRoute({
  method: 'get',
  path: '/api/orders/{id}',
  permission: 'money.view',
  tags: ['Store'],
  summary: 'One order with its lines',
  request: { params: idParams },
  responses: { 200: jsonContent(orderSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/orders',
  permission: 'money.sell',
  tags: ['Store'],
  summary: 'Point-of-sale sale: member or walk-in, lines, optional code, card on file or cash',
  description:
    'Send an `Idempotency-Key` header: a replay with the same key answers 200 with the first order and sells nothing again. A declined card answers 409 (card_declined | insufficient_funds) and the failed order stays on record.',
  request: {
    headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
    body: jsonBody(orderCreateSchema),
  },
  responses: {
    200: jsonContent(orderSchema, 'Replay: the order this key already made'),
    201: jsonContent(orderSchema, 'Created'),
    ...errorResponses,
  },
});

const refundRoute = studioRoute({
  method: 'post',
  path: '/api/orders/{id}/refund',
  permission: 'money.refund',
  tags: ['Store'],
  summary: 'Refund an order: returned lines come back into stock (owner, admin)',
  request: { params: idParams, body: jsonBody(orderRefundSchema) },
  responses: { 200: jsonContent(orderSchema), ...errorResponses },
});

export function orderRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listOrders(studio, c.req.valid('query')), 200);
  });
  app.openapi(getRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await getOrder(studio, c.req.valid('param').id), 200);
  });
  app.openapi(createRoute, async (c) => {
    const studio = c.get('studio');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const body = c.req.valid('json');
    // A gift card code is checked (and its card locked) first; a wrong one is answered, not
    // thrown, so its count against the client commits (gift-cards.service.ts).
    const gift = body.giftCardCode
      ? await findCardForPayment(studio, body.giftCardCode, {
          ip: clientIp(c),
          actor: `user:${studio.userId}`,
        })
      : null;
    if (gift && !gift.ok) return errorResponse(c, gift.error) as never;
    const outcome = await createOrder(studio, body, key, undefined, gift?.card ?? null);
    // A decline is answered, not thrown: the request's transaction then commits the failed
    // order and its failed payment, so the decline stays on record.
    if (outcome.failure) return errorResponse(c, outcome.failure) as never;
    return c.json(outcome.order, outcome.replayed ? 200 : 201);
  });
  app.openapi(refundRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    const body = await fitsCurrency(studio, c.req.valid('json'), ['amount']);
    return c.json(await refundOrder(studio, id, body), 200);
  });
  return app;
}
