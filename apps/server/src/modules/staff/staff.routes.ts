import { z } from '@hono/zod-openapi';
import {
  createStaffResultSchema,
  createStaffSchema,
  resendInvitationResultSchema,
  staffListSchema,
  staffMemberSchema,
  updateStaffSchema,
} from '@fitbase/domain/contracts/staff';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { createStaffMember } from './staff-create.service.ts';
import {
  listStaff,
  removeStaffMember,
  resendStaffInvitation,
  updateStaffMember,
} from './staff.service.ts';

// `id` is the membership (organization_users) id. Each route runs in the caller's current
// organization, resolved on the server.
const idParams = z.object({ id: z.uuid('Staff member id must be a UUID') });

const listRoute = studioRoute({
  method: 'get',
  path: '/api/staff',
  permission: 'staff.view',
  tags: ['Staff'],
  summary: 'Staff, trainers and admins of the current organization, with the team statistics',
  responses: { 200: jsonContent(staffListSchema), ...errorResponses },
});

const createRoute_ = studioRoute({
  method: 'post',
  path: '/api/staff',
  permission: 'staff.manage',
  tags: ['Staff'],
  summary:
    'Create Staff Account: a new account and its membership, or an invitation when the email already has an account; the answer is the same either way (owner, admin)',
  request: { body: jsonBody(createStaffSchema) },
  responses: { 201: jsonContent(createStaffResultSchema, 'Created'), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'put',
  path: '/api/staff/{id}',
  permission: 'staff.manage',
  tags: ['Staff'],
  summary: "Edit a staff member's name, department and role (owner, admin)",
  request: { params: idParams, body: jsonBody(updateStaffSchema) },
  responses: { 200: jsonContent(staffMemberSchema), ...errorResponses },
});

const resendRoute = studioRoute({
  method: 'post',
  path: '/api/staff/{id}/resend-invitation',
  permission: 'staff.manage',
  tags: ['Staff'],
  summary: 'Email a fresh invitation link, valid 7 days (owner, admin)',
  request: { params: idParams },
  responses: { 200: jsonContent(resendInvitationResultSchema), ...errorResponses },
});

const removeRoute = studioRoute({
  method: 'delete',
  path: '/api/staff/{id}',
  permission: 'staff.manage',
  tags: ['Staff'],
  summary: 'Remove a staff member from the organization (owner, admin)',
  request: { params: idParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses },
});

export function staffRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => c.json(await listStaff(c.get('studio')), 200));
  app.openapi(createRoute_, async (c) => {
    const scope = { ...c.get('studio'), deps: c.get('deps') };
    const result = await createStaffMember(scope, c.req.valid('json'));
    return c.json(result, 201);
  });
  app.openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await updateStaffMember(c.get('studio'), id, c.req.valid('json')), 200);
  });
  app.openapi(resendRoute, async (c) => {
    const { id } = c.req.valid('param');
    const scope = { ...c.get('studio'), deps: c.get('deps') };
    return c.json(await resendStaffInvitation(scope, id), 200);
  });
  app.openapi(removeRoute, async (c) => {
    await removeStaffMember(c.get('studio'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
}
