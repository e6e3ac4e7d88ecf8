import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import { exportLinkInputSchema, exportLinkSchema } from '@fitbase/domain/contracts/data-export';
import { publicRoute, studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import {
  createExportLink,
  exportForLink,
  exportForStudio,
  type ExportResult,
} from './data-export.service.ts';

const tags = ['Data export'];
const zipResponse = {
  description: 'A ZIP of CSV files, streamed as it is built',
  content: { 'application/zip': { schema: z.string() } },
};

const exportRoute = studioRoute({
  method: 'get',
  path: '/api/data/export',
  permission: 'data.export',
  // The ZIP streams for as long as the download takes: each page reads in its own short
  // studio transaction (data-export.service.ts), never one held for the whole response.
  transaction: false,
  tags,
  summary: 'Everything of the studio as a ZIP of CSV files (owners)',
  responses: { 200: zipResponse, ...errorResponses },
});

const createLinkRoute = studioRoute({
  method: 'post',
  path: '/api/data/export-links',
  permission: 'data.export',
  tags,
  summary: 'A signed download link of the export, valid 7 days; optionally emailed to you',
  request: { body: { content: { 'application/json': { schema: exportLinkInputSchema } } } },
  responses: { 201: jsonContent(exportLinkSchema), ...errorResponses },
});

const linkDownloadRoute = publicRoute({
  method: 'get',
  path: '/api/public/data/export/{token}',
  tags,
  summary: 'The export through a signed link (no session; the link names the studio and owner)',
  request: { params: z.object({ token: z.string().min(1).max(4000) }) },
  responses: { 200: zipResponse, ...errorResponses },
});

function zipDownload({ stream, fileName }: ExportResult) {
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
      // Proxies must pass the stream through, not buffer a gigabyte.
      'x-accel-buffering': 'no',
    },
  });
}

export function dataExportRoutes() {
  const app = createRouter();
  app.openapi(exportRoute, async (c) =>
    zipDownload(await exportForStudio(c.get('deps').database.db, c.get('studio'))),
  );
  app.openapi(createLinkRoute, async (c) =>
    c.json(await createExportLink(c.get('deps'), c.get('studio'), c.req.valid('json')), 201),
  );
  app.openapi(linkDownloadRoute, async (c) => {
    const { database, config } = c.get('deps');
    return zipDownload(
      await exportForLink(database.db, config.authSecret, c.req.valid('param').token),
    );
  });
  return app;
}
