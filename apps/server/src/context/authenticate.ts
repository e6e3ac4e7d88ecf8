import type { MiddlewareHandler } from 'hono';
import { sessionDueForRefresh } from '../auth/session-policy.ts';
import { AppError } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { isPublicRoute } from '../http/public-routes.ts';
import type { AppEnv } from '../http/types.ts';
import { findRequestContext } from './context.queries.ts';
import { readSessionToken } from './session-cookie.ts';

/** The header the web client sets per tab: which studio this request is for. */
export const ORGANIZATION_HEADER = 'x-organization-id';

const unauthorized = () => new AppError('unauthorized', 'Auth session missing! Please sign in.');

/**
 * Guarded by default: every /api route needs a session unless marked public. Session, user,
 * platform role and the requested studio membership come from one query; only a session due
 * for its daily extension goes through better-auth (which re-sets the cookie).
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isPublicRoute(c.req.method, c.req.path)) return next();
    const { auth, config, database } = c.get('deps');
    const token = readSessionToken(c, config.authSecret);
    if (!token) throw unauthorized();
    // EventSource cannot send headers: the event stream names its studio in the query.
    const requested =
      (c.req.header(ORGANIZATION_HEADER) ??
        (c.req.path === '/api/events' ? c.req.query('organizationId') : undefined))?.trim() ||
      null;
    // Text that is no id is no studio of theirs: it must not reach the uuid cast.
    const requestedId = requested && isUuid(requested) ? requested : null;
    const row = await findRequestContext(database.db, token, requestedId);
    if (!row) throw unauthorized();
    c.set('user', { id: row.userId, email: row.email, name: row.name });
    c.set('sessionId', row.sessionId);
    c.set('platformRole', row.platformRole ?? 'user');
    c.set(
      'membership',
      requested && !requestedId
        ? null
        : row.organizationId && row.role
          ? { organizationId: row.organizationId, role: row.role }
          : null,
    );
    c.set('requestedOrganizationId', requested);
    let refreshed: Headers | undefined;
    if (sessionDueForRefresh(row.sessionExpiresAt)) {
      const result = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
      if (!result.response) throw unauthorized();
      refreshed = result.headers;
    }
    await next();
    const setCookie = refreshed?.get('set-cookie');
    if (setCookie) c.res.headers.append('set-cookie', setCookie);
  };
}
