import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../lib/errors.ts';
import { isPublicRoute } from '../public-routes.ts';
import type { AppEnv } from '../types.ts';

/**
 * Guarded by default: every /api route needs a session unless marked public. A refreshed
 * session cookie from better-auth (sliding expiry) is passed on to the response.
 */
export function sessionGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isPublicRoute(c.req.method, c.req.path)) return next();
    const { auth } = c.get('deps');
    const result = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    const session = result.response;
    if (!session) throw new AppError('unauthorized', 'Auth session missing! Please sign in.');
    c.set('user', { id: session.user.id, email: session.user.email, name: session.user.name });
    c.set('sessionId', session.session.id);
    await next();
    const setCookie = result.headers.get('set-cookie');
    if (setCookie) c.res.headers.append('set-cookie', setCookie);
  };
}
