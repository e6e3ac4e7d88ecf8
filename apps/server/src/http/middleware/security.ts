import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from '../../lib/errors.ts';
import { trustedOrigins, untrustedOriginMessage } from '../../lib/trusted-origins.ts';
import type { AppEnv } from '../types.ts';

/**
 * CSP the built app passes: no inline scripts; inline styles are used by Radix and sonner.
 * `overwrite: false` lets a page that needs a different policy send its own (the API
 * reference page does); every other header is the same on every response.
 */
const POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The members' portal's service worker and its studio's web app manifest (same origin).
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The same policy for the one page a studio may let other websites frame (its public schedule):
 * only its own pages and the origins it listed. Browsers obey frame-ancestors over
 * X-Frame-Options when both are sent.
 */
export function framedPagePolicy(ancestors: readonly string[]): string {
  const policy = { ...POLICY, frameAncestors: ["'self'", ...ancestors] };
  return Object.entries(policy)
    .map(
      ([key, values]) =>
        `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join('; ');
}

export function securityHeaders(isProduction: boolean): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    overwrite: false,
    contentSecurityPolicy: POLICY,
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: isProduction ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuse state-changing requests that are not from our own origin. Browsers send Origin on
 * POST/PUT/PATCH/DELETE, and Sec-Fetch-Site on every request: without Origin, only
 * `same-origin` passes (a sibling subdomain is `same-site`, and may be hostile). A request
 * with neither header is not from a browser, so it carries no victim's ambient cookies and
 * is not a CSRF vector (scripts, the benchmark, API tools).
 */
export function sameOriginOnly(appUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new Set(trustedOrigins(appUrl));
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !isSameOrigin(c.req.raw, allowed)) {
      const origin = c.req.header('origin');
      // A page opened at another address than APP_URL (a newcomer's usual first stumble):
      // say which address to use instead of a bare refusal.
      throw new AppError(
        'forbidden',
        origin && origin !== 'null'
          ? untrustedOriginMessage(origin, appUrl)
          : 'Cross-origin requests are not allowed',
      );
    }
    await next();
  };
}

/**
 * Only APP_URL's origins (loopback spellings included, see trusted-origins.ts), not whatever
 * the Host header says: better-auth refuses other origins too, so both layers agree.
 */
function isSameOrigin(request: Request, allowed: Set<string>): boolean {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  if (origin === null) return true;
  return allowed.has(origin);
}
