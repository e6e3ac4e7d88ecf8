import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import {
  reportParamsSchema,
  reportQuerySchema,
  reportResultSchema,
} from '@fitbase/domain/contracts/reports';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { loadReport, prepareReportExport } from './reports.service.ts';

const tags = ['Reports'];
const params = reportParamsSchema.extend({
  report: reportParamsSchema.shape.report.openapi({
    param: { name: 'report', in: 'path' },
    description: 'Which report (packages/domain/src/report-catalog.ts)',
  }),
});

const reportRoute = studioRoute({
  method: 'get',
  path: '/api/reports/{report}',
  permission: 'reports.view',
  tags,
  summary:
    "One report for a period in the studio's time zone: its definition, summary figures, chart and one page of its table",
  request: { params, query: reportQuerySchema },
  responses: { 200: jsonContent(reportResultSchema), ...errorResponses },
});

const exportRoute = studioRoute({
  method: 'get',
  path: '/api/reports/{report}/export',
  permission: 'reports.view',
  // The CSV streams batch by batch, each in its own short studio transaction.
  transaction: false,
  tags,
  summary: "The report's whole table for the period as CSV (formula cells escaped)",
  request: { params, query: reportQuerySchema.omit({ page: true }) },
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses,
  },
});

export function reportRoutes() {
  const app = createRouter();
  app.openapi(reportRoute, async (c) =>
    c.json(
      await loadReport(c.get('studio'), c.req.valid('param').report, c.req.valid('query')),
      200,
    ),
  );
  app.openapi(exportRoute, async (c) => {
    const studio = c.get('studio');
    const exported = await prepareReportExport(
      studio,
      c.req.valid('param').report,
      c.req.valid('query'),
    );
    return new Response(Readable.toWeb(exported.stream()) as ReadableStream, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${exported.fileName}"`,
        'cache-control': 'no-store',
      },
    });
  });
  return app;
}
