import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from '../../lib/errors.ts';
import type { AppEnv } from '../types.ts';

/** CSP the built app passes: no inline scripts; inline styles are used by Radix and sonner. */
export function securityHeaders(isProduction: boolean): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: isProduction ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuse cross-origin state-changing requests. Browsers always send Origin (and
 * Sec-Fetch-Site) on cross-site POST/PUT/PATCH/DELETE; non-browser clients carry no
 * ambient cookies from a victim and are not a CSRF vector.
 */
export function sameOriginOnly(appUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(appUrl).origin;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const ownOrigin = new URL(c.req.url).origin;
      const site = c.req.header('sec-fetch-site');
      if ((origin && origin !== allowed && origin !== ownOrigin) || site === 'cross-site') {
        throw new AppError('forbidden', 'Cross-origin requests are not allowed');
      }
    }
    await next();
  };
}
