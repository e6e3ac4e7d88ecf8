import { z } from '@hono/zod-openapi';
import {
  campaignDetailsSchema,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignRecipientPageSchema,
  campaignRecipientsQuerySchema,
  campaignSchema,
  campaignSendSchema,
  campaignSummarySchema,
  campaignUpdateSchema,
  postalAddressResultSchema,
  postalAddressSchema,
} from '@fitbase/domain/contracts/campaigns';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { sendCampaign } from './campaigns-send.service.ts';
import {
  campaignDetails,
  campaignSummary,
  createCampaign,
  deleteCampaign,
  duplicateCampaign,
  listCampaigns,
  listRecipients,
  updateCampaign,
} from './campaigns.service.ts';
import { studioSender } from '../../context/studio-sender.ts';
import { updatePostalAddress } from './unsubscribe.service.ts';

const idParams = z.object({ id: z.uuid('Campaign id must be a UUID') });
const tags = ['Campaigns'];

const listRoute = studioRoute({
  method: 'get',
  path: '/api/campaigns',
  permission: 'connect.view',
  tags,
  summary: 'Campaigns, newest first, with their delivery figures; search by name or subject',
  request: { query: campaignListQuerySchema },
  responses: { 200: jsonContent(campaignListSchema), ...errorResponses },
});

const summaryRoute = studioRoute({
  method: 'get',
  path: '/api/campaigns/summary',
  permission: 'connect.view',
  tags,
  summary: 'Active Campaigns, Average Open Rate and Total Reach',
  responses: { 200: jsonContent(campaignSummarySchema), ...errorResponses },
});

const detailsRoute = studioRoute({
  method: 'get',
  path: '/api/campaigns/{id}',
  permission: 'connect.view',
  tags,
  summary: 'One campaign with its figures over time',
  request: { params: idParams },
  responses: { 200: jsonContent(campaignDetailsSchema), ...errorResponses },
});

const recipientsRoute = studioRoute({
  method: 'get',
  path: '/api/campaigns/{id}/recipients',
  permission: 'connect.view',
  tags,
  summary: "A campaign's recipients and what each did, by page",
  request: { params: idParams, query: campaignRecipientsQuerySchema },
  responses: { 200: jsonContent(campaignRecipientPageSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/campaigns',
  permission: 'connect.manage',
  tags,
  summary: 'Write a campaign (a draft), optionally from a template',
  request: { body: jsonBody(campaignInputSchema) },
  responses: { 201: jsonContent(campaignSchema, 'Created'), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/campaigns/{id}',
  permission: 'connect.manage',
  tags,
  summary: 'Change a draft',
  request: { params: idParams, body: jsonBody(campaignUpdateSchema) },
  responses: { 200: jsonContent(campaignSchema), ...errorResponses },
});

const sendRoute = studioRoute({
  method: 'post',
  path: '/api/campaigns/{id}/send',
  permission: 'connect.manage',
  tags,
  summary: 'Send a draft now or at a time, to a group or everyone with marketing consent',
  request: { params: idParams, body: jsonBody(campaignSendSchema) },
  responses: { 200: jsonContent(campaignSchema), ...errorResponses },
});

const duplicateRoute = studioRoute({
  method: 'post',
  path: '/api/campaigns/{id}/duplicate',
  permission: 'connect.manage',
  tags,
  summary: 'Copy a campaign into a new draft',
  request: { params: idParams },
  responses: { 201: jsonContent(campaignSchema, 'Created'), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/campaigns/{id}',
  permission: 'connect.manage',
  tags,
  summary: 'Delete a draft; a sent campaign leaves the list but its figures still count',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

const getPostalAddressRoute = studioRoute({
  method: 'get',
  path: '/api/organization/postal-address',
  permission: 'connect.view',
  tags,
  summary: "The studio's postal address, printed in every marketing email",
  responses: { 200: jsonContent(postalAddressResultSchema), ...errorResponses },
});

const setPostalAddressRoute = studioRoute({
  method: 'patch',
  path: '/api/organization/postal-address',
  permission: 'organization.settings',
  tags,
  summary: "Set the studio's postal address (needed before sending marketing email)",
  request: { body: jsonBody(postalAddressSchema) },
  responses: { 200: jsonContent(postalAddressResultSchema), ...errorResponses },
});

export function campaignRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listCampaigns(studio, c.req.valid('query').search), 200);
  });
  app.openapi(summaryRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await campaignSummary(studio), 200);
  });
  app.openapi(detailsRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await campaignDetails(studio, c.req.valid('param').id), 200);
  });
  app.openapi(recipientsRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await listRecipients(studio, id, c.req.valid('query')), 200);
  });
  app.openapi(createRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await createCampaign(studio, c.req.valid('json')), 201);
  });
  app.openapi(updateRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await updateCampaign(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(sendRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await sendCampaign(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(duplicateRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await duplicateCampaign(studio, c.req.valid('param').id), 201);
  });
  app.openapi(deleteRoute, async (c) => {
    const studio = c.get('studio');
    await deleteCampaign(studio, c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(getPostalAddressRoute, async (c) => {
    const studio = c.get('studio');
    const sender = await studioSender(studio.db, studio.organizationId);
    return c.json({ postalAddress: sender.postalAddress }, 200);
  });
  app.openapi(setPostalAddressRoute, async (c) => {
    const studio = c.get('studio');
    const { postalAddress } = c.req.valid('json');
    return c.json(await updatePostalAddress(studio, postalAddress), 200);
  });
  return app;
}
