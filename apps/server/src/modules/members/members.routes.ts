import {
  memberInputSchema,
  memberListQuerySchema,
  memberListResponse,
  memberSchema,
  memberSummarySchema,
  memberUpdateSchema,
} from '@fitbase/domain/contracts/members';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { memberIdHook, memberIdParams } from './member-params.ts';
import { addMember } from '../../use-cases/add-member.ts';
import { editMember } from '../../use-cases/edit-member.ts';
import { getMember, getMemberSummary, listMembersPage } from './members.service.ts';
import { paymentMethodRoutes } from './payment-methods.routes.ts';
import { visitRoutes } from './visits.routes.ts';

const tags = ['Members'];

const listRoute = studioRoute({
  method: 'get',
  path: '/api/members',
  permission: 'members.view',
  tags,
  summary:
    'Members directory page: newest first, optional search (name or email), status and membership type filters, keyset paging',
  request: { query: memberListQuerySchema },
  responses: { 200: jsonContent(memberListResponse), ...errorResponses },
});

const summaryRoute = studioRoute({
  method: 'get',
  path: '/api/members/summary',
  permission: 'members.view',
  tags,
  summary: 'Members directory cards: total, active and created in the last month',
  responses: { 200: jsonContent(memberSummarySchema), ...errorResponses },
});

const createMemberRoute = studioRoute({
  method: 'post',
  path: '/api/members',
  permission: 'members.create',
  tags,
  summary: 'Add a member (within the plan member limit)',
  request: { body: jsonBody(memberInputSchema) },
  responses: { 201: jsonContent(memberSchema, 'Created'), ...errorResponses },
});

const getMemberRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}',
  permission: 'members.view',
  tags,
  summary: 'One member of the current organization',
  request: { params: memberIdParams },
  responses: { 200: jsonContent(memberSchema), ...errorResponses },
});

const updateMemberRoute = studioRoute({
  method: 'patch',
  path: '/api/members/{id}',
  permission: 'members.edit',
  tags,
  summary: 'Edit a member, including the membership status (owner, admin, trainer)',
  request: { params: memberIdParams, body: jsonBody(memberUpdateSchema) },
  responses: { 200: jsonContent(memberSchema), ...errorResponses },
});

export function memberRoutes() {
  const app = createRouter();
  // Also matches /api/members itself.

  app.openapi(listRoute, async (c) => {
    return c.json(await listMembersPage(c.get('studio'), c.req.valid('query')), 200);
  });
  // Registered before /{id} so "summary" is never read as an id.
  app.openapi(summaryRoute, async (c) => c.json(await getMemberSummary(c.get('studio')), 200));
  app.openapi(createMemberRoute, async (c) => {
    // The signed-in person beside the studio: the new-member notice names them (or their email).
    const scope = { ...c.get('studio'), user: c.get('user') };
    const member = await addMember(scope, c.req.valid('json'));
    return c.json(member, 201);
  });
  app.openapi(
    getMemberRoute,
    async (c) => c.json(await getMember(c.get('studio'), c.req.valid('param').id), 200),
    memberIdHook,
  );
  app.openapi(
    updateMemberRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await editMember(c.get('studio'), id, c.req.valid('json')), 200);
    },
    memberIdHook,
  );
  app.route('/', visitRoutes());
  app.route('/', paymentMethodRoutes());
  return app;
}
