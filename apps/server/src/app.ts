import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { CLIENT_IP_HEADER } from './auth/auth.ts';
import { renderDocsPage } from './http/docs-page.ts';
import { errorResponse } from './http/error-handler.ts';
import { requestContext } from './http/middleware/request-context.ts';
import { sameOriginOnly, securityHeaders } from './http/middleware/security.ts';
import { sessionGuard } from './http/middleware/session.ts';
import { createRouter } from './http/openapi.ts';
import { markPublic } from './http/public-routes.ts';
import type { AppEnv, Deps } from './http/types.ts';
import { AppError } from './lib/errors.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { memberRoutes } from './modules/members/members.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { ownerPortalRoutes } from './modules/owner-portal/owner-portal.routes.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { serviceRoutes } from './modules/services/services.routes.ts';
import { staffInvitationRoutes } from './modules/staff/staff-invitations.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { trialRequestRoutes } from './modules/trial-requests/trial-requests.routes.ts';

markPublic({ method: 'GET', path: '/api/health' });
markPublic({ method: 'GET', path: '/api/openapi.json' });
markPublic({ method: 'GET', path: '/api/docs' });

function clientIp(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    // In-process requests (tests) have no socket.
    return '127.0.0.1';
  }
}

export interface AppOptions {
  /** Built web app to serve (production `npm start`); omitted in API-only tests. */
  webDistDir?: string;
}

export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = createRouter();
  app.onError((error, c) => errorResponse(c, error));
  app.use('*', requestContext(deps));
  app.use('*', securityHeaders(deps.config.isProduction));
  app.use('/api/*', sameOriginOnly(deps.config.appUrl));

  // better-auth owns /api/auth/*; it rate-limits by the socket address we pass it.
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c));
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const request = new Request(c.req.raw.url, {
      method: c.req.method,
      headers,
      body: hasBody ? await c.req.raw.arrayBuffer() : undefined,
    });
    return deps.auth.handler(request);
  });

  app.get('/api/health', async (c) => c.json({ status: 'ok' }));
  app.use('/api/*', sessionGuard());

  app.route('/', accountRoutes());
  app.route('/', organizationRoutes());
  app.route('/', trialRequestRoutes());
  app.route('/', ownerPortalRoutes());
  app.route('/', staffRoutes());
  app.route('/', staffInvitationRoutes());
  app.route('/', memberRoutes());
  app.route('/', dashboardRoutes());
  app.route('/', serviceRoutes());
  app.route('/', realtimeRoutes(deps));

  const openApiConfig = {
    openapi: '3.1.0',
    info: {
      title: 'FitBase API',
      version: '1.0.0',
      description:
        'JSON API of FitBase. Errors share one shape: { error: { code, message, fields?, requestId } }.',
    },
  };
  app.doc31('/api/openapi.json', openApiConfig);
  app.get('/api/docs', (c) =>
    c.html(renderDocsPage(app.getOpenAPI31Document(openApiConfig) as never)),
  );

  app.all('/api/*', () => {
    throw new AppError('not_found', 'No such API endpoint');
  });

  if (options.webDistDir && existsSync(options.webDistDir)) {
    const root = path.relative(process.cwd(), options.webDistDir) || '.';
    const indexHtml = readFileSync(path.join(options.webDistDir, 'index.html'), 'utf8');
    app.use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
      }),
    );
    app.use('*', serveStatic({ root }));
    // Client-side routes: every other GET gets the app shell.
    app.get('*', (c) => {
      c.header('cache-control', 'no-cache');
      return c.html(indexHtml);
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
