import { createRoute, z } from '@hono/zod-openapi';
import {
  acceptInvitationResultSchema,
  createInvitationResultSchema,
  createInvitationSchema,
  invitationPageSchema,
  pageQuerySchema,
  publicInvitationSchema,
} from '@fitbase/domain/contracts/owner-portal';
import { createRouter, errorResponses, jsonContent, jsonBody } from '../../http/openapi.ts';
import { markPublic } from '../../http/public-routes.ts';
import {
  acceptInvitation,
  createInvitation,
  getPublicInvitation,
  listInvitations,
} from './invitations.service.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/api/owner-portal/invitations',
  tags: ['Owner portal'],
  summary: 'Sent platform invitations, newest first; status reads expired once past expiresAt',
  request: { query: pageQuerySchema },
  responses: { 200: jsonContent(invitationPageSchema), ...errorResponses },
});

const createInvitationRoute = createRoute({
  method: 'post',
  path: '/api/owner-portal/invitations',
  tags: ['Owner portal'],
  summary: 'Invite someone to FitBase (optionally with a plan); emails {APP_URL}/invite/{token}',
  description:
    'The invitation is stored even when the email cannot be sent; then emailSent is false.',
  request: { body: jsonBody(createInvitationSchema) },
  responses: { 201: jsonContent(createInvitationResultSchema, 'Created'), ...errorResponses },
});

const tokenParams = z.object({ token: z.string().min(1).max(200) });

const publicRoute = markPublic(
  createRoute({
    method: 'get',
    path: '/api/invitations/{token}',
    tags: ['Public'],
    summary:
      'The invitation behind an /invite/{token} link: status, and while pending who sent it and the plan (public)',
    request: { params: tokenParams },
    responses: { 200: jsonContent(publicInvitationSchema), ...errorResponses },
  }),
);

const acceptRoute = createRoute({
  method: 'post',
  path: '/api/invitations/{token}/accept',
  tags: ['Account'],
  summary: "Accept an invitation as the signed-in person (whose email must be the invitation's)",
  request: { params: tokenParams },
  responses: { 200: jsonContent(acceptInvitationResultSchema), ...errorResponses },
});

/** Routes under /api/owner-portal (behind the portal access check). */
export function invitationsRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) =>
    c.json(await listInvitations(c.get('deps').database.db, c.req.valid('query')), 200),
  );
  app.openapi(createInvitationRoute, async (c) => {
    const result = await createInvitation(c.get('deps'), c.get('user'), c.req.valid('json'));
    return c.json(result, 201);
  });
  return app;
}

/** The invited person's side: /api/invitations/{token} (public) and its accept endpoint (signed in). */
export function invitationAcceptanceRoutes() {
  const app = createRouter();
  app.openapi(publicRoute, async (c) =>
    c.json(await getPublicInvitation(c.get('deps').database.db, c.req.valid('param').token), 200),
  );
  app.openapi(acceptRoute, async (c) => {
    const result = await acceptInvitation(
      c.get('deps').database.db,
      c.get('user'),
      c.req.valid('param').token,
    );
    return c.json(result, 200);
  });
  return app;
}
