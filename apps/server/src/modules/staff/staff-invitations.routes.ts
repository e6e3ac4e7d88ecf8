import { z } from '@hono/zod-openapi';
import {
  acceptStaffInvitationResultSchema,
  acceptStaffInvitationSchema,
  invitationTokenSchema,
  staffInvitationSchema,
} from '@fitbase/domain/contracts/staff';
import { publicRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { acceptStaffInvitation, lookupStaffInvitation } from './staff-invitations.service.ts';

// The token travels in the query string or the body, never in the path: access logs record
// paths, and a token is as good as a password until it is used.

const lookupRoute = publicRoute({
  method: 'get',
  path: '/api/staff-invitations/lookup',
  tags: ['Public'],
  summary: 'A pending, unexpired staff invitation by its token (public)',
  request: { query: z.object({ token: invitationTokenSchema }) },
  responses: { 200: jsonContent(staffInvitationSchema), ...errorResponses },
});

const acceptRoute = publicRoute({
  method: 'post',
  path: '/api/staff-invitations/accept',
  tags: ['Public'],
  summary:
    'Accept a staff invitation: creates the account with the password, or, when an account with the invited email exists, needs that account signed in (public)',
  request: { body: jsonBody(acceptStaffInvitationSchema) },
  responses: { 200: jsonContent(acceptStaffInvitationResultSchema), ...errorResponses },
});

export function staffInvitationRoutes() {
  const app = createRouter();
  app.openapi(lookupRoute, async (c) =>
    c.json(await lookupStaffInvitation(c.get('public'), c.req.valid('query').token), 200),
  );
  app.openapi(acceptRoute, async (c) => {
    return c.json(
      await acceptStaffInvitation(c.get('public'), c.req.raw.headers, c.req.valid('json')),
      200,
    );
  });
  return app;
}
