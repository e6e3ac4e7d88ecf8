import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import {
  auditPageSchema,
  auditPeopleSchema,
  auditQuerySchema,
} from '@fitbase/domain/contracts/audit';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { exportAuditLog, listAuditLog, listAuditPeople } from './audit.service.ts';

// Read-only on purpose: no endpoint edits or deletes the log (and the database refuses it).
const tags = ['Audit log'];

const listRoute = studioRoute({
  method: 'get',
  path: '/api/audit-log',
  permission: 'audit.view',
  tags,
  summary: "The studio's audit log, newest first, filtered by person, area, action and days",
  request: { query: auditQuerySchema },
  responses: { 200: jsonContent(auditPageSchema), ...errorResponses },
});

const peopleRoute = studioRoute({
  method: 'get',
  path: '/api/audit-log/people',
  permission: 'audit.view',
  tags,
  summary: 'The people the audit log can be filtered by (the studio staff)',
  responses: { 200: jsonContent(auditPeopleSchema), ...errorResponses },
});

const exportRoute = studioRoute({
  method: 'get',
  path: '/api/audit-log/export',
  permission: 'audit.view',
  // The CSV streams page by page, each in its own short studio transaction.
  transaction: false,
  tags,
  summary: 'The audit log of the same filter as CSV (formula cells escaped)',
  request: { query: auditQuerySchema.omit({ cursor: true, limit: true }) },
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses,
  },
});

export function auditRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) =>
    c.json(await listAuditLog(c.get('studio'), c.req.valid('query')), 200),
  );
  app.openapi(peopleRoute, async (c) => c.json(await listAuditPeople(c.get('studio')), 200));
  app.openapi(exportRoute, async (c) => {
    const studio = c.get('studio');
    const csv = exportAuditLog(studio, c.req.valid('query'));
    const day = new Date().toISOString().slice(0, 10);
    return new Response(Readable.toWeb(csv) as ReadableStream, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="audit-log-${day}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
  return app;
}
