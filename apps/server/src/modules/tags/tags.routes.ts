import { z } from '@hono/zod-openapi';
import {
  tagBulkResultSchema,
  tagChipListSchema,
  tagIdsSchema,
  tagInputSchema,
  tagListSchema,
  tagMemberIdsSchema,
  tagSchema,
  tagUpdateSchema,
} from '@fitbase/domain/contracts/tags';
import type { ZodError } from 'zod';
import { studioRoute } from '../../context/declare-route.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import {
  addTagToMembers,
  createTag,
  deleteTag,
  listTags,
  memberTags,
  removeTagFromMembers,
  setLeadTags,
  setMemberTags,
  updateTag,
} from './tags.service.ts';

const tags = ['Tags'];
const idParams = (what: string) =>
  z.object({
    id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: `${what} id` }),
  });

/** An id that cannot exist answers like an unknown one (404); other problems are the usual 400. */
const idHook =
  (what: string) =>
  (result: { success: boolean; error?: unknown; target?: string }): undefined => {
    if (result.success) return undefined;
    if (result.target === 'param') throw notFound(what);
    throw validationError(result.error as ZodError, result.target ?? 'request');
  };
const tagHook = idHook('Tag');
const memberHook = idHook('Member');
const leadHook = idHook('Lead');

const listRoute = studioRoute({
  method: 'get',
  path: '/api/tags',
  permission: 'connect.view',
  tags,
  summary: "The studio's tags, newest first, each with its live count of members and leads",
  responses: { 200: jsonContent(tagListSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/tags',
  permission: 'connect.manage',
  tags,
  summary: 'Create a tag (name unique in the studio, case-insensitively)',
  request: { body: jsonBody(tagInputSchema) },
  responses: { 201: jsonContent(tagSchema, 'Created'), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/tags/{id}',
  permission: 'connect.manage',
  tags,
  summary: "Change a tag's name, description or colour",
  request: { params: idParams('Tag'), body: jsonBody(tagUpdateSchema) },
  responses: { 200: jsonContent(tagSchema), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/tags/{id}',
  permission: 'connect.manage',
  tags,
  summary: 'Delete a tag; it comes off every member and lead carrying it',
  request: { params: idParams('Tag') },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

const bulkAddRoute = studioRoute({
  method: 'post',
  path: '/api/tags/{id}/members',
  permission: 'members.edit',
  tags,
  summary: 'Tag up to 500 members at once (members already tagged are left alone)',
  request: { params: idParams('Tag'), body: jsonBody(tagMemberIdsSchema) },
  responses: { 200: jsonContent(tagBulkResultSchema), ...errorResponses },
});

const bulkRemoveRoute = studioRoute({
  method: 'post',
  path: '/api/tags/{id}/members/remove',
  permission: 'members.edit',
  tags,
  summary: 'Take the tag off up to 500 members at once',
  request: { params: idParams('Tag'), body: jsonBody(tagMemberIdsSchema) },
  responses: { 200: jsonContent(tagBulkResultSchema), ...errorResponses },
});

const memberTagsRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}/tags',
  permission: 'members.view',
  tags,
  summary: "A member's tags, by name",
  request: { params: idParams('Member') },
  responses: { 200: jsonContent(tagChipListSchema), ...errorResponses },
});

const setMemberTagsRoute = studioRoute({
  method: 'put',
  path: '/api/members/{id}/tags',
  permission: 'members.edit',
  tags,
  summary: "Set a member's tags to exactly the given ones",
  request: { params: idParams('Member'), body: jsonBody(tagIdsSchema) },
  responses: { 200: jsonContent(tagChipListSchema), ...errorResponses },
});

const setLeadTagsRoute = studioRoute({
  method: 'put',
  path: '/api/leads/{id}/tags',
  permission: 'leads.manage',
  tags,
  summary: "Set a lead's tags to exactly the given ones",
  request: { params: idParams('Lead'), body: jsonBody(tagIdsSchema) },
  responses: { 200: jsonContent(tagChipListSchema), ...errorResponses },
});

export function tagRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listTags(studio), 200);
  });
  app.openapi(createRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await createTag(studio, c.req.valid('json')), 201);
  });
  app.openapi(
    updateRoute,
    async (c) => {
      const studio = c.get('studio');
      const { id } = c.req.valid('param');
      return c.json(await updateTag(studio, id, c.req.valid('json')), 200);
    },
    tagHook,
  );
  app.openapi(
    deleteRoute,
    async (c) => {
      const studio = c.get('studio');
      await deleteTag(studio, c.req.valid('param').id);
      return c.body(null, 204);
    },
    tagHook,
  );
  app.openapi(
    bulkAddRoute,
    async (c) => {
      const studio = c.get('studio');
      const { id } = c.req.valid('param');
      const { memberIds } = c.req.valid('json');
      return c.json(await addTagToMembers(studio, id, memberIds), 200);
    },
    tagHook,
  );
  app.openapi(
    bulkRemoveRoute,
    async (c) => {
      const studio = c.get('studio');
      const { id } = c.req.valid('param');
      const { memberIds } = c.req.valid('json');
      return c.json(await removeTagFromMembers(studio, id, memberIds), 200);
    },
    tagHook,
  );
  app.openapi(
    memberTagsRoute,
    async (c) => {
      const studio = c.get('studio');
      return c.json(await memberTags(studio, c.req.valid('param').id), 200);
    },
    memberHook,
  );
  app.openapi(
    setMemberTagsRoute,
    async (c) => {
      const studio = c.get('studio');
      const { id } = c.req.valid('param');
      return c.json(await setMemberTags(studio, id, c.req.valid('json').tagIds), 200);
    },
    memberHook,
  );
  app.openapi(
    setLeadTagsRoute,
    async (c) => {
      const studio = c.get('studio');
      const { id } = c.req.valid('param');
      return c.json(await setLeadTags(studio, id, c.req.valid('json').tagIds), 200);
    },
    leadHook,
  );
  return app;
}
