import { Hono } from 'hono';
import { findPortalContext } from '../../context/member-session.queries.ts';
import { studioNotFound } from '../../context/member-session.ts';
import type { AppEnv } from '../../http/types.ts';
import { studioManifest } from './portal-manifest.ts';

/**
 * `GET /m/{slug}/manifest.webmanifest`: public, like the portal's page it belongs to (outside
 * /api, so outside the API document). The portal links it at runtime with its own slug.
 * `no-cache`: a studio's new name or colour reaches installed apps on their next check.
 */
export function portalManifestRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/m/:slug/manifest.webmanifest', async (c) => {
    const row = await findPortalContext(c.get('deps').database.db, c.req.param('slug'), null);
    if (!row) throw studioNotFound();
    c.header('cache-control', 'no-cache');
    return c.body(JSON.stringify(studioManifest(row)), 200, {
      'content-type': 'application/manifest+json; charset=utf-8',
    });
  });
  return app;
}
