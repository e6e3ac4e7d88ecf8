import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { sessionDueForRefresh } from '../auth/session-policy.ts';
import { AppError } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { isPublicRoute } from '../http/public-routes.ts';
import type { AppEnv } from '../http/types.ts';
import { findRequestContext, type RequestContextRow } from './context.queries.ts';
import { accessOf, type RouteAccess } from './route-access.ts';
import { apiKeyNotAllowed, readApiKey } from './api-key-context.ts';
import { readSessionToken } from './session-cookie.ts';

/** The header the web client sets per tab: which studio this request is for. */
export const ORGANIZATION_HEADER = 'x-organization-id';

export const unauthorized = () =>
  new AppError('unauthorized', 'Auth session missing! Please sign in.');

/** The declared access of the route this request reached (its first matching handler). */
function matchedAccess(c: Context<AppEnv>): RouteAccess | undefined {
  for (const route of matchedRoutes(c)) {
    if (route.method === 'ALL') continue;
    const access = accessOf(route.method, route.path);
    if (access) return access;
  }
  return undefined;
}

/** What the request asked for: a studio by header (or, for EventSource, by query). */
export function requestedOrganization(c: Context<AppEnv>) {
  // EventSource cannot send headers: the event stream names its studio in the query.
  const raw =
    (
      c.req.header(ORGANIZATION_HEADER) ??
      (c.req.path === '/api/events' ? c.req.query('organizationId') : undefined)
    )?.trim() || null;
  // Text that is no id is no studio of theirs: it must not reach the uuid cast.
  return { raw, id: raw && isUuid(raw) ? raw : null };
}

/** Puts the one query's answer on the request; false when there is no live session. */
export function applyRequestContext(
  c: Context<AppEnv>,
  row: RequestContextRow | null,
  requested: { raw: string | null; id: string | null },
): boolean {
  if (!row) return false;
  c.set('user', { id: row.userId, email: row.email, name: row.name });
  c.set('sessionId', row.sessionId);
  c.set('platformRole', row.platformRole ?? 'user');
  const member = row.organizationId && row.role && !(requested.raw && !requested.id);
  c.set('membership', member ? { organizationId: row.organizationId!, role: row.role! } : null);
  c.set('twoFactorMissing', Boolean(member) && row.twoFactorMissing);
  c.set('requestedOrganizationId', requested.raw);
  return true;
}

/**
 * Guarded by default: every /api route needs a session unless marked public. Session, user,
 * platform role and the requested studio membership come from one query; on PostgreSQL a
 * studio route defers that query to its transaction's first round trip (declare-route.ts).
 * A session due for its daily extension goes through better-auth, which re-sets the cookie.
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const access = matchedAccess(c);
    if (access?.kind === 'public' || isPublicRoute(c.req.method, c.req.path)) return next();
    // The portal reads its own member session, never a staff one (context/member-session.ts).
    if (access?.kind === 'member') return next();
    // A kiosk shows its own device token, never a session (context/kiosk-session.ts).
    if (access?.kind === 'kiosk') return next();
    // An API key reaches studio routes only, never a person's own (context/api-key-context.ts).
    const apiKey = readApiKey(c);
    if (apiKey) {
      if (access?.kind !== 'studio' || access.apiKeys === false) throw apiKeyNotAllowed();
      c.set('apiKey', apiKey);
      return next();
    }
    const { config, database } = c.get('deps');
    const token = readSessionToken(c, config.authSecret);
    if (!token) throw unauthorized();
    const requested = requestedOrganization(c);
    c.set('sessionToken', token);
    c.set('requestedOrganizationId', requested.raw);
    if (access?.kind === 'studio' && access.transaction && database.pool) {
      c.set('pendingOrganization', requested);
      await next();
    } else {
      const row = await findRequestContext(database.db, token, requested.id);
      if (!applyRequestContext(c, row, requested)) throw unauthorized();
      await refreshWhenDue(c, row!);
      await next();
    }
    const setCookie = c.get('refreshedCookie');
    if (setCookie) c.res.headers.append('set-cookie', setCookie);
  };
}

/** better-auth extends a session once a day; the new cookie goes out with this response. */
export async function refreshWhenDue(c: Context<AppEnv>, row: RequestContextRow) {
  if (!sessionDueForRefresh(row.sessionExpiresAt)) return;
  const result = await c
    .get('deps')
    .auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  if (!result.response) throw unauthorized();
  const setCookie = result.headers.get('set-cookie');
  if (setCookie) c.set('refreshedCookie', setCookie);
}
