import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../types.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Request id (honouring a sane incoming X-Request-Id), a child logger, an access log line. */
export function requestContext(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    // Set before the handler so that every response Hono builds takes this Headers object as
    // its own. Without it, `c.json()` gives node-server's lightweight response a plain header
    // object, and headers middleware add afterwards (the security headers) were dropped
    // whenever that response was rebuilt: uncompressed answers, HEAD (issue 31, defect 3).
    c.header('x-request-id', requestId);
    await next();
    // Responses made outside the context (better-auth's, static files) get it here.
    if (!c.res.headers.has('x-request-id')) c.res.headers.set('x-request-id', requestId);
    if (c.req.path.startsWith('/api/')) {
      const query = redactQuery(new URL(c.req.url).search);
      log.info(
        {
          req: { method: c.req.method, path: redactPath(c.req.path), ...(query ? { query } : {}) },
          res: { status: c.res.status },
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}

/**
 * Paths that carry a token: better-auth's reset-password callback, a calendar feed's secret
 * address (calendar apps take nothing but a URL), and the old invitation and data-export
 * addresses (now answered 404, but a stale browser tab or an old email may still call them).
 */
const TOKEN_IN_PATH =
  /^(\/api\/auth\/reset-password\/|\/api\/public\/calendar\/|\/api\/public\/data\/export\/|\/api\/invitations\/(?!lookup$|accept$))[^/]+/;

export function redactPath(path: string): string {
  return path.replace(TOKEN_IN_PATH, '$1[redacted]');
}

/** Query parameters whose values are credentials: logged as `[redacted]`. */
const SECRET_PARAM = /token|code|secret|password|key|signature|otp|session/i;

/** The query string for the access log (decoded; pino escapes it), credentials redacted. */
export function redactQuery(search: string): string {
  if (search.length <= 1) return '';
  const parts: string[] = [];
  for (const [name, value] of new URLSearchParams(search)) {
    parts.push(`${name}=${SECRET_PARAM.test(name) ? '[redacted]' : value}`);
  }
  return `?${parts.join('&')}`;
}
