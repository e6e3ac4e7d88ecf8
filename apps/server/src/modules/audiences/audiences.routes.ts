import { z } from '@hono/zod-openapi';
import {
  audienceInputSchema,
  audienceListSchema,
  audienceMemberPageSchema,
  audienceMembersAddResultSchema,
  audienceMembersAddSchema,
  audienceMembersQuerySchema,
  audiencePreviewResultSchema,
  audiencePreviewSchema,
  audienceSchema,
  audienceUpdateSchema,
} from '@fitbase/domain/contracts/audiences';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  addAudienceMembers,
  createAudience,
  deleteAudience,
  getAudience,
  listAudienceMembers,
  listAudiences,
  previewAudience,
  removeAudienceMember,
  updateAudience,
} from './audiences.service.ts';

const idParams = z.object({ id: z.uuid('Group id must be a UUID') });
const memberParams = idParams.extend({ memberId: z.uuid('Member id must be a UUID') });
const tags = ['Audiences'];

const listRoute = studioRoute({
  method: 'get',
  path: '/api/audiences',
  permission: 'connect.view',
  tags,
  summary: 'Member groups (Audiences), oldest first, each with its live member count',
  responses: { 200: jsonContent(audienceListSchema), ...errorResponses },
});

const getRoute = studioRoute({
  method: 'get',
  path: '/api/audiences/{id}',
  permission: 'connect.view',
  tags,
  summary: 'One member group with its live member count',
  request: { params: idParams },
  responses: { 200: jsonContent(audienceSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/audiences',
  permission: 'connect.manage',
  tags,
  summary: 'Create a manual group or a dynamic group with rules',
  request: { body: jsonBody(audienceInputSchema) },
  responses: { 201: jsonContent(audienceSchema, 'Created'), ...errorResponses },
});

const previewRoute = studioRoute({
  method: 'post',
  path: '/api/audiences/preview',
  permission: 'connect.view',
  tags,
  summary: 'How many members the rules select now (the editor’s live count)',
  request: { body: jsonBody(audiencePreviewSchema) },
  responses: { 200: jsonContent(audiencePreviewResultSchema), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/audiences/{id}',
  permission: 'connect.manage',
  tags,
  summary: 'Rename a group, change its description or (dynamic) its rules',
  request: { params: idParams, body: jsonBody(audienceUpdateSchema) },
  responses: { 200: jsonContent(audienceSchema), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/audiences/{id}',
  permission: 'connect.manage',
  tags,
  summary: 'Delete a group (its members stay members)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

const membersRoute = studioRoute({
  method: 'get',
  path: '/api/audiences/{id}/members',
  permission: 'connect.view',
  tags,
  summary: 'A page of the members of a group, by name',
  request: { params: idParams, query: audienceMembersQuerySchema },
  responses: { 200: jsonContent(audienceMemberPageSchema), ...errorResponses },
});

const addMembersRoute = studioRoute({
  method: 'post',
  path: '/api/audiences/{id}/members',
  permission: 'connect.manage',
  tags,
  summary: 'Add members to a manual group (a dynamic group answers 409)',
  request: { params: idParams, body: jsonBody(audienceMembersAddSchema) },
  responses: { 200: jsonContent(audienceMembersAddResultSchema), ...errorResponses },
});

const removeMemberRoute = studioRoute({
  method: 'delete',
  path: '/api/audiences/{id}/members/{memberId}',
  permission: 'connect.manage',
  tags,
  summary: 'Remove a member from a manual group (a dynamic group answers 409)',
  request: { params: memberParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses },
});

export function audienceRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listAudiences(studio), 200);
  });
  // Before /{id} so "preview" is never read as an id.
  app.openapi(previewRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await previewAudience(studio, c.req.valid('json').rules), 200);
  });
  app.openapi(getRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await getAudience(studio, c.req.valid('param').id), 200);
  });
  app.openapi(createRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await createAudience(studio, c.req.valid('json')), 201);
  });
  app.openapi(updateRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await updateAudience(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const studio = c.get('studio');
    await deleteAudience(studio, c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(membersRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await listAudienceMembers(studio, id, c.req.valid('query')), 200);
  });
  app.openapi(addMembersRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    const { memberIds } = c.req.valid('json');
    return c.json(await addAudienceMembers(studio, id, memberIds), 200);
  });
  app.openapi(removeMemberRoute, async (c) => {
    const studio = c.get('studio');
    const { id, memberId } = c.req.valid('param');
    await removeAudienceMember(studio, id, memberId);
    return c.body(null, 204);
  });
  return app;
}
