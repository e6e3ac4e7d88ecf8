import { z } from '@hono/zod-openapi';
import {
  type GiftCardBalance,
  giftCardBalanceSchema,
  giftCardDetailSchema,
  giftCardListQuery,
  giftCardLookupSchema,
  giftCardPageSchema,
  giftCardRefundSchema,
  giftCardSellSchema,
  portalGiftCardBuySchema,
} from '@fitbase/domain/contracts/gift-cards';
import { memberRoute, studioRoute } from '../../context/declare-route.ts';
import { fitsCurrency } from '../../context/studio-format.ts';
import { clientIp } from '../../http/client-ip.ts';
import { errorResponse } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import {
  findCardForPayment,
  getGiftCard,
  listGiftCards,
  refundGiftCardBalance,
  sellGiftCard,
} from './gift-cards.service.ts';
import { giftCardsCsv } from './gift-cards-report.ts';

/** What a code's owner may learn of its card: the answer of a balance check. */
const balanceOf = (card: {
  id: string;
  codeLastFour: string;
  balance: string;
  currency: string;
}): GiftCardBalance => ({
  id: card.id,
  lastFour: card.codeLastFour,
  balance: card.balance,
  currency: card.currency,
});

const tags = ['Gift cards'];
const idParams = z.object({ id: z.uuid('Gift card id must be a UUID') });
const slugParams = z.object({
  slug: z.string().openapi({ param: { name: 'slug', in: 'path' }, description: 'Studio slug' }),
});

const listRoute = studioRoute({
  method: 'get',
  path: '/api/gift-cards',
  permission: 'money.view',
  tags,
  summary: 'Gift cards, newest first, with their balances and the outstanding total (liability)',
  request: { query: giftCardListQuery },
  responses: { 200: jsonContent(giftCardPageSchema), ...errorResponses },
});

const exportRoute = studioRoute({
  method: 'get',
  path: '/api/gift-cards/export',
  permission: 'reports.view',
  tags,
  summary: 'Gift card liability as CSV: every card with a balance, and the total',
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses,
  },
});

const getRoute = studioRoute({
  method: 'get',
  path: '/api/gift-cards/{id}',
  permission: 'money.view',
  tags,
  summary: 'One gift card with its history (issued, redeemed, refunded back)',
  request: { params: idParams },
  responses: { 200: jsonContent(giftCardDetailSchema), ...errorResponses },
});

const sellRoute = studioRoute({
  method: 'post',
  path: '/api/gift-cards',
  permission: 'money.sell',
  tags,
  summary:
    '`Sell gift card`: amount, recipient, message; paid by a member’s card or cash; the code is emailed',
  request: { body: jsonBody(giftCardSellSchema) },
  responses: { 201: jsonContent(giftCardDetailSchema, 'Sold'), ...errorResponses },
});

const refundRoute = studioRoute({
  method: 'post',
  path: '/api/gift-cards/{id}/refund',
  permission: 'money.manage',
  tags,
  summary:
    '`Refund balance`: what is left on a card (or part of it) back to the buyer’s original payment',
  request: { params: idParams, body: jsonBody(giftCardRefundSchema) },
  responses: { 200: jsonContent(giftCardDetailSchema, 'Refunded'), ...errorResponses },
});

const lookupRoute = studioRoute({
  method: 'post',
  path: '/api/gift-cards/lookup',
  permission: 'money.sell',
  tags,
  summary: 'The balance of a gift card code (wrong codes are rate limited per studio and client)',
  request: { body: jsonBody(giftCardLookupSchema) },
  responses: { 200: jsonContent(giftCardBalanceSchema), ...errorResponses },
});

const portalBuyRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/gift-cards',
  tags: ['Member portal'],
  summary: 'A member buys a gift card with a card on file; the code is emailed to the recipient',
  request: { params: slugParams, body: jsonBody(portalGiftCardBuySchema) },
  responses: { 201: jsonContent(giftCardBalanceSchema, 'Bought'), ...errorResponses },
});

const portalBalanceRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/gift-cards/balance',
  tags: ['Member portal'],
  summary: 'The balance of a gift card code (wrong codes are rate limited)',
  request: { params: slugParams, body: jsonBody(giftCardLookupSchema) },
  responses: { 200: jsonContent(giftCardBalanceSchema), ...errorResponses },
});

export function giftCardRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) =>
    c.json(await listGiftCards(c.get('studio'), c.req.valid('query')), 200),
  );
  app.openapi(exportRoute, async (c) => {
    const csv = await giftCardsCsv(c.get('studio'));
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="gift-card-liability.csv"',
    }) as never;
  });
  app.openapi(
    getRoute,
    async (c) => c.json(await getGiftCard(c.get('studio'), c.req.valid('param').id), 200),
    (result) => {
      if (!result.success && result.target === 'param') throw notFound('Gift card');
      return undefined;
    },
  );
  app.openapi(sellRoute, async (c) => {
    const studio = c.get('studio');
    const body = await fitsCurrency(studio, c.req.valid('json'), ['amount']);
    return c.json(await sellGiftCard(studio, body), 201);
  });
  app.openapi(
    refundRoute,
    async (c) => {
      const studio = c.get('studio');
      const body = await fitsCurrency(studio, c.req.valid('json'), ['amount']);
      return c.json(await refundGiftCardBalance(studio, c.req.valid('param').id, body), 200);
    },
    (result) => {
      if (!result.success && result.target === 'param') throw notFound('Gift card');
      return undefined;
    },
  );
  app.openapi(lookupRoute, async (c) => {
    const studio = c.get('studio');
    const found = await findCardForPayment(studio, c.req.valid('json').code, {
      ip: clientIp(c),
      actor: `user:${studio.userId}`,
    });
    // A wrong code is answered, not thrown: its count against the client commits.
    if (!found.ok) return errorResponse(c, found.error) as never;
    return c.json(balanceOf(found.card), 200);
  });
  app.openapi(portalBuyRoute, async (c) => {
    const member = c.get('member');
    const body = await fitsCurrency(member, c.req.valid('json'), ['amount']);
    const sold = await sellGiftCard(member, {
      ...body,
      memberId: member.memberId,
      method: 'card',
    });
    return c.json(
      { id: sold.id, lastFour: sold.lastFour, balance: sold.balance, currency: sold.currency },
      201,
    );
  });
  app.openapi(portalBalanceRoute, async (c) => {
    const member = c.get('member');
    const found = await findCardForPayment(member, c.req.valid('json').code, {
      ip: clientIp(c),
      actor: `member:${member.memberId}`,
    });
    if (!found.ok) return errorResponse(c, found.error) as never;
    return c.json(balanceOf(found.card), 200);
  });
  return app;
}
