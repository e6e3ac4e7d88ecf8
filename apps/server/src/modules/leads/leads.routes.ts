import { z } from '@hono/zod-openapi';
import {
  leadConvertSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadListSchema,
  leadSchema,
  leadSourceInputSchema,
  leadSourceListSchema,
  leadSourceSchema,
  leadSourceUpdateSchema,
  leadUpdateSchema,
  publicJoinInfoSchema,
  publicJoinResultSchema,
  publicJoinSchema,
} from '@fitbase/domain/contracts/leads';
import { publicRoute, studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { clientIp } from '../../http/client-ip.ts';
import { LeadFormThrottled, leadFormInfo, submitLeadForm } from './lead-form.service.ts';
import {
  convertLead,
  createLead,
  createLeadSource,
  getLead,
  listLeadSources,
  listLeadsPage,
  updateLead,
  updateLeadSource,
} from './leads.service.ts';

const sourceParams = z.object({ id: z.uuid('Lead source id must be a UUID') });
const leadParams = z.object({ id: z.uuid('Lead id must be a UUID') });
const slugParams = z.object({ slug: z.string().min(1).max(100) });

const listSourcesRoute = studioRoute({
  method: 'get',
  path: '/api/lead-sources',
  permission: 'connect.view',
  tags: ['Leads'],
  summary: "The studio's lead sources by name, each with its number of leads",
  responses: { 200: jsonContent(leadSourceListSchema), ...errorResponses },
});

const createSourceRoute = studioRoute({
  method: 'post',
  path: '/api/lead-sources',
  permission: 'connect.manage',
  tags: ['Leads'],
  summary: 'Add a lead source (names are unique per studio, whatever the case)',
  request: { body: jsonBody(leadSourceInputSchema) },
  responses: { 201: jsonContent(leadSourceSchema, 'Created'), ...errorResponses },
});

const updateSourceRoute = studioRoute({
  method: 'patch',
  path: '/api/lead-sources/{id}',
  permission: 'connect.manage',
  tags: ['Leads'],
  summary: 'Rename, deactivate or activate a lead source',
  request: { params: sourceParams, body: jsonBody(leadSourceUpdateSchema) },
  responses: { 200: jsonContent(leadSourceSchema), ...errorResponses },
});

const listLeadsRoute = studioRoute({
  method: 'get',
  path: '/api/leads',
  permission: 'leads.manage',
  tags: ['Leads'],
  summary: 'Leads, newest first, by status, source or a name or email search (keyset pages)',
  request: { query: leadListQuerySchema },
  responses: { 200: jsonContent(leadListSchema), ...errorResponses },
});

const getLeadRoute = studioRoute({
  method: 'get',
  path: '/api/leads/{id}',
  permission: 'leads.manage',
  tags: ['Leads'],
  summary: 'One lead with its source, owner, trial end and tags',
  request: { params: leadParams },
  responses: { 200: jsonContent(leadSchema), ...errorResponses },
});

const createLeadRoute = studioRoute({
  method: 'post',
  path: '/api/leads',
  permission: 'leads.manage',
  tags: ['Leads'],
  summary: 'Add a lead (an email or a phone; a trial needs its end date)',
  request: { body: jsonBody(leadInputSchema) },
  responses: { 201: jsonContent(leadSchema, 'Created'), ...errorResponses },
});

const updateLeadRoute = studioRoute({
  method: 'patch',
  path: '/api/leads/{id}',
  permission: 'leads.manage',
  tags: ['Leads'],
  summary: 'Change a lead: status (new, contacted, trial, lost), notes, owner, details',
  request: { params: leadParams, body: jsonBody(leadUpdateSchema) },
  responses: { 200: jsonContent(leadSchema), ...errorResponses },
});

const convertLeadRoute = studioRoute({
  method: 'post',
  path: '/api/leads/{id}/convert',
  permission: 'leads.manage',
  tags: ['Leads'],
  summary: 'Mark the lead converted and link the member it became (409 when already converted)',
  request: { params: leadParams, body: jsonBody(leadConvertSchema) },
  responses: { 200: jsonContent(leadSchema), ...errorResponses },
});

const joinInfoRoute = publicRoute({
  method: 'get',
  path: '/api/public/join/{slug}',
  tags: ['Public'],
  summary: "A studio's public lead form: its name and active lead sources (public)",
  request: { params: slugParams },
  responses: { 200: jsonContent(publicJoinInfoSchema), ...errorResponses },
});

const joinSubmitRoute = publicRoute({
  method: 'post',
  path: '/api/public/join/{slug}',
  tags: ['Public'],
  summary: 'Send the public lead form: creates a new lead (public, rate limited per address)',
  request: { params: slugParams, body: jsonBody(publicJoinSchema) },
  responses: { 201: jsonContent(publicJoinResultSchema, 'Received'), ...errorResponses },
});

export function leadRoutes() {
  const app = createRouter();
  app.openapi(listSourcesRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listLeadSources(studio), 200);
  });
  app.openapi(createSourceRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await createLeadSource(studio, c.req.valid('json')), 201);
  });
  app.openapi(updateSourceRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await updateLeadSource(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(listLeadsRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listLeadsPage(studio, c.req.valid('query')), 200);
  });
  app.openapi(getLeadRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await getLead(studio, c.req.valid('param').id), 200);
  });
  app.openapi(createLeadRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await createLead(studio, c.req.valid('json')), 201);
  });
  app.openapi(updateLeadRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await updateLead(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(convertLeadRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await convertLead(studio, id, c.req.valid('json').memberId), 200);
  });
  app.openapi(joinInfoRoute, async (c) => {
    return c.json(await leadFormInfo(c.get('public'), c.req.valid('param').slug), 200);
  });
  app.openapi(joinSubmitRoute, async (c) => {
    try {
      const result = await submitLeadForm(
        c.get('public'),
        c.req.valid('param').slug,
        clientIp(c),
        c.req.valid('json'),
      );
      return c.json(result, 201);
    } catch (error) {
      if (error instanceof LeadFormThrottled)
        c.header('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  });
  return app;
}
