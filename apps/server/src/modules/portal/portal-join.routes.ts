import { z } from '@hono/zod-openapi';
import {
  portalJoinedSchema,
  portalJoinInfoSchema,
  portalJoinSchema,
} from '@fitbase/domain/contracts/portal-join';
import { publicRoute } from '../../context/declare-route.ts';
import { setMemberCookie } from '../../context/member-session.ts';
import { clientIp } from '../../http/client-ip.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { AppError } from '../../lib/errors.ts';
import { joinOnline, portalJoinInfo } from './portal-join.service.ts';

/** `Join online` (docs/product/member-portal.md#join-online): public, before any session. */

const tags = ['Member portal'];
const slugParams = z.object({
  slug: z.string().openapi({ param: { name: 'slug', in: 'path' }, description: 'Studio slug' }),
});

const joinInfoRoute = publicRoute({
  method: 'get',
  path: '/api/m/{slug}/join',
  tags,
  summary:
    "`Join online`: the studio's offers sold online (and whether each needs a card) and its waiver",
  request: { params: slugParams },
  responses: { 200: jsonContent(portalJoinInfoSchema), ...errorResponses },
});

const joinRoute = publicRoute({
  method: 'post',
  path: '/api/m/{slug}/join',
  tags,
  summary:
    '`Join`: a new member with the chosen offer, signed waiver and payment, signed in (cookie); send an Idempotency-Key',
  request: {
    params: slugParams,
    headers: z.object({
      'idempotency-key': z
        .string()
        .optional()
        .openapi({ description: 'A key per join form: a replay answers the first join' }),
    }),
    body: jsonBody(portalJoinSchema),
  },
  responses: {
    200: jsonContent(portalJoinedSchema, 'The first join under this Idempotency-Key'),
    201: jsonContent(portalJoinedSchema, 'Joined'),
    ...errorResponses,
  },
});

export function portalJoinRoutes() {
  const app = createRouter();
  app.openapi(joinInfoRoute, async (c) =>
    c.json(await portalJoinInfo(c.get('public'), c.req.valid('param').slug), 200),
  );
  app.openapi(joinRoute, async (c) => {
    const idempotencyKey = c.req.header('idempotency-key')?.trim().slice(0, 200);
    if (!idempotencyKey)
      throw new AppError('validation_error', 'Idempotency-Key header is required', {
        'Idempotency-Key': 'Idempotency-Key header is required',
      });
    const { token, replay, joined } = await joinOnline(
      c.get('public'),
      c.req.valid('param').slug,
      c.req.valid('json'),
      { idempotencyKey, ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null },
    );
    setMemberCookie(c, joined.me.studio.slug, token);
    return c.json(joined, replay ? 200 : 201);
  });
  return app;
}
