import { z } from '@hono/zod-openapi';
import {
  dataImportListSchema,
  dataImportSchema,
  dryRunResultSchema,
  importRequestSchema,
} from '@fitbase/domain/contracts/data-import';
import type { ZodError } from 'zod';
import { studioRoute } from '../../context/declare-route.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  dryRunImport,
  getImport,
  importNotFound,
  listImports,
  startImport,
  undoImport,
} from './data-import.service.ts';

const tags = ['Data import'];
const idParams = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: 'Import id' }),
});
/** An id that cannot exist answers like an unknown one (404). */
const idHook = (result: { success: boolean; error?: unknown; target?: string }): undefined => {
  if (result.success) return undefined;
  if (result.target === 'param') throw importNotFound();
  throw validationError(result.error as ZodError, result.target ?? 'request');
};

const dryRunRoute = studioRoute({
  method: 'post',
  path: '/api/imports/dry-run',
  permission: 'data.import',
  tags,
  summary: 'Check a CSV file against the mapping without writing anything: a per-row report',
  request: { body: jsonBody(importRequestSchema) },
  responses: { 200: jsonContent(dryRunResultSchema), ...errorResponses },
});

const startRoute = studioRoute({
  method: 'post',
  path: '/api/imports',
  permission: 'data.import',
  tags,
  summary: 'Import a CSV file as a background job (idempotent: rows already there are skipped)',
  request: { body: jsonBody(importRequestSchema) },
  responses: { 202: jsonContent(dataImportSchema, 'Queued'), ...errorResponses },
});

const listRoute = studioRoute({
  method: 'get',
  path: '/api/imports',
  permission: 'data.import',
  tags,
  summary: "The studio's imports, newest first",
  responses: { 200: jsonContent(dataImportListSchema), ...errorResponses },
});

const getRoute = studioRoute({
  method: 'get',
  path: '/api/imports/{id}',
  permission: 'data.import',
  tags,
  summary: "An import's progress, counts and first row problems",
  request: { params: idParams },
  responses: { 200: jsonContent(dataImportSchema), ...errorResponses },
});

const undoRoute = studioRoute({
  method: 'post',
  path: '/api/imports/{id}/undo',
  permission: 'data.import',
  tags,
  summary: 'Remove everything the import created (within 24 hours of it finishing)',
  request: { params: idParams },
  responses: { 200: jsonContent(dataImportSchema), ...errorResponses },
});

export function dataImportRoutes() {
  const app = createRouter();
  app.openapi(dryRunRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await dryRunImport(studio, c.req.valid('json')), 200);
  });
  app.openapi(startRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await startImport(studio, c.req.valid('json')), 202);
  });
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json({ imports: await listImports(studio) }, 200);
  });
  app.openapi(
    getRoute,
    async (c) => {
      const studio = c.get('studio');
      return c.json(await getImport(studio, c.req.valid('param').id), 200);
    },
    idHook,
  );
  app.openapi(
    undoRoute,
    async (c) => {
      const studio = c.get('studio');
      return c.json(await undoImport(studio, c.req.valid('param').id), 200);
    },
    idHook,
  );
  return app;
}
