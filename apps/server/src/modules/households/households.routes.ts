import { z } from '@hono/zod-openapi';
import {
  householdInputSchema,
  householdMemberInputSchema,
  householdSchema,
  householdUpdateSchema,
  memberHouseholdSchema,
} from '@fitbase/domain/contracts/households';
import type { ZodError } from 'zod';
import { studioRoute } from '../../context/declare-route.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import {
  addHouseholdMember,
  createHousehold,
  deleteHousehold,
  editHousehold,
  getHousehold,
  memberHousehold,
  removeHouseholdMember,
} from './households.service.ts';

// Households (docs/product/members.md#households): the members module's permissions, like the
// member dashboard they are edited from.

const tags = ['Members'];
const householdIdParams = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: 'Household id' }),
});
const householdMemberParams = householdIdParams.extend({
  memberId: z.uuid().openapi({ param: { name: 'memberId', in: 'path' }, description: 'Member id' }),
});

const memberIdParams = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: 'Member id' }),
});

/** An id that cannot exist answers like an unknown one (404); other problems are the usual 400. */
const idHook =
  (what: string) =>
  (result: { success: boolean; error?: unknown; target?: string }): undefined => {
    if (result.success) return undefined;
    if (result.target === 'param') throw notFound(what);
    throw validationError(result.error as ZodError, result.target ?? 'request');
  };
const householdHook = idHook('Household');
const memberIdHook = idHook('Member');

const memberHouseholdRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}/household',
  permission: 'members.view',
  tags,
  summary: "A member's household with its members and payer, or null",
  request: { params: memberIdParams },
  responses: { 200: jsonContent(memberHouseholdSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/households',
  permission: 'members.edit',
  tags,
  summary:
    'Create a household: a name, the payer (a member, added to it) and other members (each in at most one household)',
  request: { body: jsonBody(householdInputSchema) },
  responses: { 201: jsonContent(householdSchema, 'Created'), ...errorResponses },
});

const getRoute = studioRoute({
  method: 'get',
  path: '/api/households/{id}',
  permission: 'members.view',
  tags,
  summary: 'A household: its name, payer and members (payer first)',
  request: { params: householdIdParams },
  responses: { 200: jsonContent(householdSchema), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/households/{id}',
  permission: 'members.edit',
  tags,
  summary: 'Rename a household or change its payer (one of its members)',
  request: { params: householdIdParams, body: jsonBody(householdUpdateSchema) },
  responses: { 200: jsonContent(householdSchema), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/households/{id}',
  permission: 'members.edit',
  tags,
  summary: 'Dissolve a household: its members stay, each paying for themselves again',
  request: { params: householdIdParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

const addMemberRoute = studioRoute({
  method: 'post',
  path: '/api/households/{id}/members',
  permission: 'members.edit',
  tags,
  summary: 'Add to household: a member who belongs to no other household',
  request: { params: householdIdParams, body: jsonBody(householdMemberInputSchema) },
  responses: { 200: jsonContent(householdSchema), ...errorResponses },
});

const removeMemberRoute = studioRoute({
  method: 'delete',
  path: '/api/households/{id}/members/{memberId}',
  permission: 'members.edit',
  tags,
  summary: 'Remove from household (not the payer: choose another payer first)',
  request: { params: householdMemberParams },
  responses: { 200: jsonContent(householdSchema), ...errorResponses },
});

export function householdRoutes() {
  const app = createRouter();
  app.openapi(
    memberHouseholdRoute,
    async (c) => c.json(await memberHousehold(c.get('studio'), c.req.valid('param').id), 200),
    memberIdHook,
  );
  app.openapi(createRoute, async (c) =>
    c.json(await createHousehold(c.get('studio'), c.req.valid('json')), 201),
  );
  app.openapi(
    getRoute,
    async (c) => c.json(await getHousehold(c.get('studio'), c.req.valid('param').id), 200),
    householdHook,
  );
  app.openapi(
    updateRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await editHousehold(c.get('studio'), id, c.req.valid('json')), 200);
    },
    householdHook,
  );
  app.openapi(
    deleteRoute,
    async (c) => {
      await deleteHousehold(c.get('studio'), c.req.valid('param').id);
      return c.body(null, 204);
    },
    householdHook,
  );
  app.openapi(
    addMemberRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      const { memberId } = c.req.valid('json');
      return c.json(await addHouseholdMember(c.get('studio'), id, memberId), 200);
    },
    householdHook,
  );
  app.openapi(
    removeMemberRoute,
    async (c) => {
      const { id, memberId } = c.req.valid('param');
      return c.json(await removeHouseholdMember(c.get('studio'), id, memberId), 200);
    },
    householdHook,
  );
  return app;
}
