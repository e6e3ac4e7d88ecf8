import { z } from '@hono/zod-openapi';
import {
  webPushEndpointSchema,
  webPushPublicKeySchema,
  webPushSubscriptionSchema,
  webPushSubscriptionStateSchema,
} from '@fitbase/domain/contracts/web-push';
import { memberRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  pushSubscriptionState,
  subscribeToPush,
  unsubscribeFromPush,
  webPushPublicKey,
} from './web-push.service.ts';

/** Web Push in the member portal (docs/product/member-portal.md#notifications). */

const tags = ['Member portal'];
const slug = z
  .string()
  .openapi({ param: { name: 'slug', in: 'path' }, description: 'Studio slug' });
const slugParams = z.object({ slug });
const endpointQuery = webPushEndpointSchema.extend({
  endpoint: webPushEndpointSchema.shape.endpoint.openapi({
    param: { name: 'endpoint', in: 'query' },
    description: "The browser's push service address (PushSubscription.endpoint)",
  }),
});

const publicKeyRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/push/public-key',
  tags,
  summary: "The server's public VAPID key: the applicationServerKey to subscribe with",
  request: { params: slugParams },
  responses: { 200: jsonContent(webPushPublicKeySchema), ...errorResponses },
});

const stateRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/push/subscription',
  tags,
  summary: 'Whether push is turned on for this member on this device (its endpoint)',
  request: { params: slugParams, query: endpointQuery },
  responses: { 200: jsonContent(webPushSubscriptionStateSchema), ...errorResponses },
});

const subscribeRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/push/subscription',
  tags,
  summary: "`Turn on push notifications`: this device's subscription, bound to this member",
  request: { params: slugParams, body: jsonBody(webPushSubscriptionSchema) },
  responses: { 200: jsonContent(webPushSubscriptionStateSchema), ...errorResponses },
});

const unsubscribeRoute = memberRoute({
  method: 'delete',
  path: '/api/m/{slug}/push/subscription',
  tags,
  summary: '`Turn off` push notifications on this device',
  request: { params: slugParams, query: endpointQuery },
  responses: { 200: jsonContent(webPushSubscriptionStateSchema), ...errorResponses },
});

export function webPushRoutes() {
  const app = createRouter();
  app.openapi(publicKeyRoute, async (c) => c.json(await webPushPublicKey(c.get('member')), 200));
  app.openapi(stateRoute, async (c) =>
    c.json(await pushSubscriptionState(c.get('member'), c.req.valid('query').endpoint), 200),
  );
  app.openapi(subscribeRoute, async (c) => {
    const { config } = c.get('deps');
    const userAgent = c.req.header('user-agent') ?? null;
    return c.json(
      await subscribeToPush(c.get('member'), config, c.req.valid('json'), userAgent),
      200,
    );
  });
  app.openapi(unsubscribeRoute, async (c) =>
    c.json(await unsubscribeFromPush(c.get('member'), c.req.valid('query').endpoint), 200),
  );
  return app;
}
