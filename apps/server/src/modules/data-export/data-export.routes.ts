import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import { exportLinkInputSchema, exportLinkSchema } from '@fitbase/domain/contracts/data-export';
import { memberRoute, publicRoute, studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent, portalSlugParams } from '../../http/openapi.ts';
import { markPublic } from '../../http/public-routes.ts';
import { AppError, HTTP_STATUS } from '../../lib/errors.ts';
import {
  createExportLink,
  exportForLink,
  exportForMember,
  exportForStudio,
  LINK_INVALID_MESSAGE,
  LINK_OUTDATED_MESSAGE,
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

/** The link's token travels in the body, never the path (ADR 0008): paths are logged. */
const linkTokenSchema = z.object({ token: z.string().min(1).max(4000).optional() });

const linkDownloadRoute = publicRoute({
  method: 'post',
  path: '/api/public/data/export',
  tags,
  summary:
    'The export through a signed link (no session; the token names the studio and owner). The link opens the page /export-download, which posts the token as a form',
  request: {
    // Not `required`: each content type is validated only when it is the one sent.
    body: {
      required: false,
      content: {
        'application/x-www-form-urlencoded': { schema: linkTokenSchema },
        'application/json': { schema: linkTokenSchema },
      },
    },
  },
  responses: { 200: zipResponse, ...errorResponses },
});

/**
 * Links emailed before the token left the path: refused (the token is not read), with the way
 * to a new link, as a page for a browser. The access log redacts the token (request-context.ts).
 */
const OUTDATED_LINK_PATH = '/api/public/data/export/:token';
markPublic({ method: 'GET', path: OUTDATED_LINK_PATH });

const myDataRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/my-data',
  tags: ['Member portal'],
  summary: '`Download my data`: your own records in this studio as a ZIP of CSV files',
  request: { params: portalSlugParams },
  responses: { 200: zipResponse, ...errorResponses },
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A plain page for a link that no longer works, with the way to a new one. */
function linkProblemPage(message: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Export link - FitBase</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.5rem">This export link does not work</h1><p>${escapeHtml(message)}</p>
<p>Sign in and open Settings → General → Export your data to download the export or send yourself a new link.</p>
<p><a href="/auth">Sign in to FitBase</a></p></body></html>`;
}

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
  app.openapi(exportRoute, async (c) => zipDownload(await exportForStudio(c.get('studio'))));
  app.openapi(myDataRoute, async (c) =>
    zipDownload(await exportForMember({ ...c.get('member'), deps: c.get('deps') })),
  );
  app.openapi(createLinkRoute, async (c) => {
    const scope = { ...c.get('studio'), deps: c.get('deps') };
    return c.json(await createExportLink(scope, c.req.valid('json')), 201);
  });
  app.get(OUTDATED_LINK_PATH, (c) => {
    if ((c.req.header('accept') ?? '').includes('text/html'))
      return c.html(linkProblemPage(LINK_OUTDATED_MESSAGE), 404);
    throw new AppError('not_found', LINK_OUTDATED_MESSAGE);
  });
  app.openapi(linkDownloadRoute, async (c) => {
    try {
      const token = c.req.valid('json').token ?? c.req.valid('form').token;
      if (!token) throw new AppError('validation_error', LINK_INVALID_MESSAGE);
      return zipDownload(await exportForLink(c.get('public'), token));
    } catch (error) {
      // The emailed link is opened in a browser: a page a person can read, not the API's JSON.
      if (error instanceof AppError && (c.req.header('accept') ?? '').includes('text/html'))
        return c.html(linkProblemPage(error.message), HTTP_STATUS[error.code]);
      throw error;
    }
  });
  return app;
}
