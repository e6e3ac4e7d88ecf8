import { z } from '@hono/zod-openapi';
import {
  emailPreviewInputSchema,
  emailPreviewSchema,
  emailTemplateInputSchema,
  emailTemplateListSchema,
  emailTemplateSchema,
  emailTemplateUpdateSchema,
} from '@fitbase/domain/contracts/email-templates';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  createTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  previewEmail,
  updateTemplate,
} from './email-templates.service.ts';

const idParams = z.object({ id: z.uuid('Template id must be a UUID') });
const tags = ['Email templates'];

const listRoute = studioRoute({
  method: 'get',
  path: '/api/email-templates',
  permission: 'connect.view',
  tags,
  summary: "The studio's email templates, active first, with the number of active ones",
  responses: { 200: jsonContent(emailTemplateListSchema), ...errorResponses },
});

const getRoute = studioRoute({
  method: 'get',
  path: '/api/email-templates/{id}',
  permission: 'connect.view',
  tags,
  summary: 'One email template',
  request: { params: idParams },
  responses: { 200: jsonContent(emailTemplateSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/email-templates',
  permission: 'connect.manage',
  tags,
  summary: 'Add an email template (unknown merge fields are refused)',
  request: { body: jsonBody(emailTemplateInputSchema) },
  responses: { 201: jsonContent(emailTemplateSchema, 'Created'), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/email-templates/{id}',
  permission: 'connect.manage',
  tags,
  summary: 'Change an email template; status archived/active archives or restores it',
  request: { params: idParams, body: jsonBody(emailTemplateUpdateSchema) },
  responses: { 200: jsonContent(emailTemplateSchema), ...errorResponses },
});

const duplicateRoute = studioRoute({
  method: 'post',
  path: '/api/email-templates/{id}/duplicate',
  permission: 'connect.manage',
  tags,
  summary: 'Copy an email template',
  request: { params: idParams },
  responses: { 201: jsonContent(emailTemplateSchema, 'Created'), ...errorResponses },
});

const previewRoute = studioRoute({
  method: 'post',
  path: '/api/email/preview',
  permission: 'connect.view',
  tags,
  summary: 'Render subject and content as a member would see them, with sample values',
  request: { body: jsonBody(emailPreviewInputSchema) },
  responses: { 200: jsonContent(emailPreviewSchema), ...errorResponses },
});

export function emailTemplateRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listTemplates(studio), 200);
  });
  app.openapi(getRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await getTemplate(studio, c.req.valid('param').id), 200);
  });
  app.openapi(createRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await createTemplate(studio, c.req.valid('json')), 201);
  });
  app.openapi(updateRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await updateTemplate(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(duplicateRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await duplicateTemplate(studio, c.req.valid('param').id), 201);
  });
  app.openapi(previewRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await previewEmail(studio, c.req.valid('json')), 200);
  });
  return app;
}
