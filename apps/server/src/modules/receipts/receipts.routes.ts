import { z } from '@hono/zod-openapi';
import { membershipInvoiceSchema, portalReceiptsSchema } from '@fitbase/domain/contracts/receipts';
import type { ZodError } from 'zod';
import { memberRoute, studioRoute } from '../../context/declare-route.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import { issueMembershipInvoice } from './invoice.service.ts';
import {
  listOwnReceipts,
  ownReceiptPdf,
  paymentReceiptPdf,
  type RenderedReceipt,
} from './receipts.service.ts';

/** Receipts and credit notes (docs/product/money-and-store.md#receipts): staff and portal downloads. */

const tags = ['Receipts'];
const uuidParam = (name: string, description: string) =>
  z.uuid().openapi({ param: { name, in: 'path' }, description });
const slug = z
  .string()
  .openapi({ param: { name: 'slug', in: 'path' }, description: 'Studio slug' });

/** An id that cannot exist answers like an unknown one. */
const idHook =
  (what: string) => (result: { success: boolean; error?: unknown; target?: string }) => {
    if (result.success) return undefined;
    if (result.target === 'param') throw notFound(what);
    throw validationError(result.error as ZodError, result.target ?? 'request');
  };

const pdfResponse = {
  200: {
    description: 'The receipt or credit note as a PDF',
    content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
  },
  ...errorResponses,
};

const paymentReceiptRoute = studioRoute({
  method: 'get',
  path: '/api/payments/{id}/receipt',
  permission: 'money.view',
  tags,
  summary:
    "A payment's numbered document as a PDF: a paid charge's receipt, a refund's credit note (404 when it has none)",
  request: { params: z.object({ id: uuidParam('id', 'Payment (ledger entry) id') }) },
  responses: pdfResponse,
});

const membershipInvoiceRoute = studioRoute({
  method: 'post',
  path: '/api/memberships/{id}/invoice',
  permission: 'money.sell',
  tags,
  summary:
    "Issue a numbered invoice for a membership's payments to a company (name, tax ID, address), as a PDF",
  request: {
    params: z.object({ id: uuidParam('id', 'Membership id') }),
    body: jsonBody(membershipInvoiceSchema),
  },
  responses: {
    201: {
      description: 'The invoice as a PDF',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errorResponses,
  },
});

const portalReceiptsRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/receipts',
  tags,
  summary: "The member's own receipts and credit notes, newest first (the latest 100)",
  request: { params: z.object({ slug }) },
  responses: { 200: jsonContent(portalReceiptsSchema), ...errorResponses },
});

const portalReceiptPdfRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/receipts/{id}/pdf',
  tags,
  summary: "One of the member's own receipts or credit notes as a PDF",
  request: { params: z.object({ slug, id: uuidParam('id', 'Receipt id') }) },
  responses: pdfResponse,
});

function pdfBody({ filename, pdf }: RenderedReceipt, status = 200): Response {
  return new Response(new Uint8Array(pdf), {
    status,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

export function receiptRoutes() {
  const app = createRouter();
  app.openapi(
    paymentReceiptRoute,
    async (c) => pdfBody(await paymentReceiptPdf(c.get('studio'), c.req.valid('param').id)),
    idHook('Receipt'),
  );
  app.openapi(
    membershipInvoiceRoute,
    async (c) =>
      pdfBody(
        await issueMembershipInvoice(c.get('studio'), c.req.valid('param').id, c.req.valid('json')),
        201,
      ),
    idHook('Membership'),
  );
  app.openapi(portalReceiptsRoute, async (c) =>
    c.json(await listOwnReceipts(c.get('member')), 200),
  );
  app.openapi(
    portalReceiptPdfRoute,
    async (c) => pdfBody(await ownReceiptPdf(c.get('member'), c.req.valid('param').id)),
    idHook('Receipt'),
  );
  return app;
}
