import { z } from '@hono/zod-openapi';
import { unsubscribePageSchema } from '@fitbase/domain/contracts/campaigns';
import { publicRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { PIXEL_GIF, recordClick, recordOpen } from './tracking.service.ts';
import { unsubscribe, unsubscribePage } from './unsubscribe.service.ts';

/** Links in campaign email: they work without a session and carry signed tokens. */

const tags = ['Public'];
const tokenParams = z.object({ token: z.string().min(1).max(4000) });

const openRoute = publicRoute({
  method: 'get',
  path: '/api/email/open/{token}',
  tags,
  summary: "A campaign email's open pixel (a 1×1 GIF; records the open)",
  request: { params: tokenParams },
  responses: {
    200: { description: 'The pixel', content: { 'image/gif': { schema: z.string() } } },
    ...errorResponses,
  },
});

const clickRoute = publicRoute({
  method: 'get',
  path: '/api/email/click/{token}',
  tags,
  summary: 'A link of a campaign email: records the click and redirects to the original URL',
  request: { params: tokenParams },
  responses: { 302: { description: 'To the original URL' }, ...errorResponses },
});

const unsubscribePageRoute = publicRoute({
  method: 'get',
  path: '/api/email/unsubscribe/{token}',
  tags,
  summary: 'What the one-button unsubscribe page shows',
  request: { params: tokenParams },
  responses: { 200: jsonContent(unsubscribePageSchema), ...errorResponses },
});

const unsubscribeRoute = publicRoute({
  method: 'post',
  path: '/api/email/unsubscribe/{token}',
  tags,
  summary:
    "Unsubscribe from the studio's marketing email (the page's button and RFC 8058 one-click)",
  request: { params: tokenParams },
  responses: { 200: jsonContent(unsubscribePageSchema), ...errorResponses },
});

export function trackingRoutes() {
  const app = createRouter();
  app.openapi(openRoute, async (c) => {
    await recordOpen(c.get('public'), c.req.valid('param').token);
    return c.body(new Uint8Array(PIXEL_GIF), 200, {
      'Content-Type': 'image/gif',
      'Cache-Control': 'no-store, max-age=0',
    });
  });
  app.openapi(clickRoute, async (c) => {
    const url = await recordClick(c.get('public'), c.req.valid('param').token);
    c.header('Cache-Control', 'no-store');
    return c.redirect(url, 302);
  });
  app.openapi(unsubscribePageRoute, async (c) => {
    return c.json(await unsubscribePage(c.get('public'), c.req.valid('param').token), 200);
  });
  app.openapi(unsubscribeRoute, async (c) => {
    return c.json(await unsubscribe(c.get('public'), c.req.valid('param').token), 200);
  });
  return app;
}
