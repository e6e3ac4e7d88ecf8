import { createRoute, z } from '@hono/zod-openapi';
import {
  createStaffResultSchema,
  createStaffSchema,
  resendInvitationResultSchema,
  staffListSchema,
  staffMemberSchema,
  updateStaffSchema,
} from '@fitbase/domain/contracts/staff';
import { requireOrganization } from '../../http/middleware/organization.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  createStaffMember,
  listStaff,
  removeStaffMember,
  resendStaffInvitation,
  updateStaffMember,
} from './staff.service.ts';

// `id` is the membership (organization_users) id. Each route runs in the caller's current
// organization, resolved on the server.
const idParams = z.object({ id: z.uuid('Staff member id must be a UUID') });

const listRoute = createRoute({
  method: 'get',
  path: '/api/staff',
  tags: ['Staff'],
  summary: 'Staff, trainers and admins of the current organization, with the team statistics',
  middleware: [requireOrganization()] as const,
  responses: { 200: jsonContent(staffListSchema), ...errorResponses },
});

const createRoute_ = createRoute({
  method: 'post',
  path: '/api/staff',
  tags: ['Staff'],
  summary: 'Create Staff Account: a new (or existing) account and its membership (owner, admin)',
  middleware: [requireOrganization()] as const,
  request: { body: jsonBody(createStaffSchema) },
  responses: { 201: jsonContent(createStaffResultSchema, 'Created'), ...errorResponses },
});

const updateRoute = createRoute({
  method: 'put',
  path: '/api/staff/{id}',
  tags: ['Staff'],
  summary: "Edit a staff member's name, department and role (owner, admin)",
  middleware: [requireOrganization()] as const,
  request: { params: idParams, body: jsonBody(updateStaffSchema) },
  responses: { 200: jsonContent(staffMemberSchema), ...errorResponses },
});

const resendRoute = createRoute({
  method: 'post',
  path: '/api/staff/{id}/resend-invitation',
  tags: ['Staff'],
  summary: 'Email a fresh invitation link, valid 7 days (owner, admin)',
  middleware: [requireOrganization()] as const,
  request: { params: idParams },
  responses: { 200: jsonContent(resendInvitationResultSchema), ...errorResponses },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/api/staff/{id}',
  tags: ['Staff'],
  summary: 'Remove a staff member from the organization (owner, admin)',
  middleware: [requireOrganization()] as const,
  request: { params: idParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses },
});

export function staffRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) =>
    c.json(await listStaff(c.get('deps').database.db, c.get('org')), 200),
  );
  app.openapi(createRoute_, async (c) => {
    return c.json(await createStaffMember(c.get('deps'), c.get('org'), c.req.valid('json')), 201);
  });
  app.openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('deps').database.db;
    return c.json(
      await updateStaffMember(db, c.get('org'), c.get('user'), id, c.req.valid('json')),
      200,
    );
  });
  app.openapi(resendRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await resendStaffInvitation(c.get('deps'), c.get('org'), c.get('user'), id), 200);
  });
  app.openapi(removeRoute, async (c) => {
    await removeStaffMember(
      c.get('deps').database.db,
      c.get('org'),
      c.get('user'),
      c.req.valid('param').id,
    );
    return c.body(null, 204);
  });
  return app;
}
