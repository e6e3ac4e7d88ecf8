import { z } from '@hono/zod-openapi';
import {
  acceptInvitationResultSchema,
  createInvitationResultSchema,
  createInvitationSchema,
  invitationPageSchema,
  pageQuerySchema,
  publicInvitationSchema,
} from '@fitbase/domain/contracts/owner-portal';
import { createRouter, errorResponses, jsonContent, jsonBody } from '../../http/openapi.ts';
import { accountRoute, platformRoute, publicRoute } from '../../context/declare-route.ts';
import {
  acceptInvitation,
  createInvitation,
  getPublicInvitation,
  listInvitations,
} from './invitations.service.ts';

const listRoute = platformRoute({
  method: 'get',
  path: '/api/owner-portal/invitations',
  tags: ['Owner portal'],
  summary: 'Sent platform invitations, newest first; status reads expired once past expiresAt',
  request: { query: pageQuerySchema },
  responses: { 200: jsonContent(invitationPageSchema), ...errorResponses },
});

const createInvitationRoute = platformRoute({
  method: 'post',
  path: '/api/owner-portal/invitations',
  tags: ['Owner portal'],
  summary: 'Invite someone to FitBase (optionally with a plan); emails {APP_URL}/invite/{token}',
  description:
    'The invitation is stored even when the email cannot be sent; then emailSent is false.',
  request: { body: jsonBody(createInvitationSchema) },
  responses: { 201: jsonContent(createInvitationResultSchema, 'Created'), ...errorResponses },
});

// The token travels in the query string or the body, never in the path: access logs record
// paths, and a token is as good as a password until it is used (the web page keeps its
// /invite/{token} address; only the API moved).
const tokenField = z.string().trim().min(1, 'token is required').max(200);

const lookupRoute = publicRoute({
  method: 'get',
  path: '/api/invitations/lookup',
  tags: ['Public'],
  summary:
    'The invitation behind an /invite/{token} link: status, and while pending who sent it and the plan (public)',
  request: { query: z.object({ token: tokenField }) },
  responses: { 200: jsonContent(publicInvitationSchema), ...errorResponses },
});

const acceptRoute = accountRoute({
  method: 'post',
  path: '/api/invitations/accept',
  tags: ['Account'],
  summary: "Accept an invitation as the signed-in person (whose email must be the invitation's)",
  request: { body: jsonBody(z.object({ token: tokenField })) },
  responses: { 200: jsonContent(acceptInvitationResultSchema), ...errorResponses },
});

/** Routes under /api/owner-portal (behind the portal access check). */
export function invitationsRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) =>
    c.json(await listInvitations(c.get('platform'), c.req.valid('query')), 200),
  );
  app.openapi(createInvitationRoute, async (c) => {
    const result = await createInvitation(c.get('platform'), c.req.valid('json'));
    return c.json(result, 201);
  });
  return app;
}

/** The invited person's side: the lookup (public) and its accept endpoint (signed in). */
export function invitationAcceptanceRoutes() {
  const app = createRouter();
  app.openapi(lookupRoute, async (c) =>
    c.json(await getPublicInvitation(c.get('public'), c.req.valid('query').token), 200),
  );
  app.openapi(acceptRoute, async (c) => {
    const result = await acceptInvitation(c.get('account'), c.req.valid('json').token);
    return c.json(result, 200);
  });
  return app;
}
