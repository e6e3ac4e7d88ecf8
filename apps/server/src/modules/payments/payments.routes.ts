import { z } from '@hono/zod-openapi';
import { pageQuerySchema } from '@fitbase/domain/contracts/money';
import {
  ledgerEntrySchema,
  paymentListQuery,
  paymentPageSchema,
  paymentRecordSchema,
  paymentRetrySchema,
  refundSchema,
  revenueSummarySchema,
  writeOffSchema,
} from '@fitbase/domain/contracts/payments';
import { studioRoute } from '../../context/declare-route.ts';
import type { ZodError } from 'zod';
import { errorResponse, validationError } from '../../http/error-handler.ts';
import { AppError } from '../../lib/errors.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  listMemberPayments,
  listPayments,
  recordPayment,
  refundPayment,
  revenueSummary,
} from './ledger.service.ts';
import { retryDue, writeOffDue } from '../../use-cases/payment-dues.ts';
import { fitsCurrency } from '../../context/studio-format.ts';

const idParams = z.object({ id: z.uuid('Payment id must be a UUID') });
const memberParams = z.object({ id: z.uuid('Member id must be a UUID') });
const tags = ['Payments'];

const listRoute = studioRoute({
  method: 'get',
  path: '/api/payments',
  permission: 'money.view',
  tags,
  summary: 'The ledger: every charge, refund and write-off, newest first',
  request: { query: paymentListQuery },
  responses: { 200: jsonContent(paymentPageSchema), ...errorResponses },
});

const summaryRoute = studioRoute({
  method: 'get',
  path: '/api/payments/summary',
  permission: 'money.view',
  tags,
  summary: "Monthly Revenue: paid minus refunded in the studio's current month",
  responses: { 200: jsonContent(revenueSummarySchema), ...errorResponses },
});

const memberListRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}/payments',
  permission: 'money.view',
  tags,
  summary: "A member's payments, newest first",
  request: { params: memberParams, query: pageQuerySchema },
  responses: { 200: jsonContent(paymentPageSchema), ...errorResponses },
});

const recordRoute = studioRoute({
  method: 'post',
  path: '/api/payments',
  permission: 'money.sell',
  tags,
  summary: 'Record a payment staff took, or charge the card on file (a decline stays on record)',
  request: { body: jsonBody(paymentRecordSchema) },
  responses: { 201: jsonContent(ledgerEntrySchema, 'Created'), ...errorResponses },
});

const refundRoute = studioRoute({
  method: 'post',
  path: '/api/payments/{id}/refund',
  permission: 'money.refund',
  tags,
  summary: 'Refund all or part of a paid charge (owner, admin)',
  request: { params: idParams, body: jsonBody(refundSchema) },
  responses: { 201: jsonContent(ledgerEntrySchema, 'Created'), ...errorResponses },
});

const retryRoute = studioRoute({
  method: 'post',
  path: '/api/payments/{id}/retry',
  permission: 'money.sell',
  tags,
  summary: 'Collect an open due now (the card on file, or cash staff took)',
  request: {
    params: idParams,
    body: { required: false, content: { 'application/json': { schema: paymentRetrySchema } } },
  },
  responses: { 200: jsonContent(ledgerEntrySchema), ...errorResponses },
});

const writeOffRoute = studioRoute({
  method: 'post',
  path: '/api/payments/{id}/write-off',
  permission: 'money.refund',
  tags,
  summary: 'Forgive an open due (owner, admin)',
  request: { params: idParams, body: jsonBody(writeOffSchema) },
  responses: { 201: jsonContent(ledgerEntrySchema, 'Created'), ...errorResponses },
});

export function paymentRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) =>
    c.json(await listPayments(c.get('studio'), c.req.valid('query')), 200),
  );
  app.openapi(summaryRoute, async (c) => c.json(await revenueSummary(c.get('studio')), 200));
  app.openapi(memberListRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await listMemberPayments(c.get('studio'), id, c.req.valid('query')), 200);
  });
  app.openapi(recordRoute, async (c) => {
    const studio = c.get('studio');
    const body = await fitsCurrency(studio, c.req.valid('json'), ['amount']);
    const { entry, error } = await recordPayment(studio, body);
    // A declined card is answered without throwing, so the failed attempt commits on record.
    if (error) return errorResponse(c, error) as never;
    return c.json(entry, 201);
  });
  app.openapi(refundRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = await fitsCurrency(c.get('studio'), c.req.valid('json'), ['amount']);
    return c.json(await refundPayment(c.get('studio'), id, body), 201);
  });
  app.openapi(retryRoute, async (c) => {
    const { id } = c.req.valid('param');
    // The body is optional: no body = the member's card on file.
    const text = await c.req.text();
    let body: unknown = {};
    try {
      if (text.trim()) body = JSON.parse(text);
    } catch {
      throw new AppError('validation_error', 'The request body is not valid JSON');
    }
    const parsed = paymentRetrySchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error as ZodError, 'body');
    const { entry, error } = await retryDue(c.get('studio'), id, parsed.data);
    if (error) return errorResponse(c, error) as never;
    return c.json(entry, 200);
  });
  app.openapi(writeOffRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await writeOffDue(c.get('studio'), id, c.req.valid('json').reason), 201);
  });
  return app;
}
