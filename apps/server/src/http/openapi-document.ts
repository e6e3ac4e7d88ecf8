import type { OpenAPIHono } from '@hono/zod-openapi';
// app.ts imports this module too: the cycle is safe because neither uses the other at load time.
import { createApp } from '../app.ts';
import { createDeps } from '../bootstrap.ts';
import type { Database } from '../db/client.ts';
import { loadConfig } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { OPENAPI_CONFIG } from './openapi-config.ts';
import { isPublicRoute } from './public-routes.ts';
import { KIOSK_TOKEN_PREFIX } from '@fitbase/domain/kiosk-constants';
import { API_KEY_PREFIX, API_KEY_RATE_LIMIT } from '@fitbase/domain/contracts/api-keys';
import { MEMBER_COOKIE } from '../context/member-session.ts';
import { ACCESS_EXTENSION, type RouteAccess } from '../context/route-access.ts';
import type { AppEnv } from './types.ts';

/** The document `/api/openapi.json` serves, the docs page renders and the web types come from. */
export type OpenApiDocument = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;

/** better-auth's session cookie; production prefixes it with `__Secure-` (HTTPS-only cookies). */
export const SESSION_COOKIE_NAME = 'better-auth.session_token';
export const SESSION_SECURITY_SCHEME = 'sessionCookie';
/** The member portal's own cookie (context/member-session.ts) and a kiosk's device token. */
export const MEMBER_SECURITY_SCHEME = 'memberCookie';
export const KIOSK_SECURITY_SCHEME = 'kioskToken';
/** A studio's API key (docs/product/integrations.md#api-keys), on the studio routes that take one. */
export const API_KEY_SECURITY_SCHEME = 'apiKey';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Builds the API's OpenAPI 3.1 document from the routes registered on `app`. The one place the
 * document is assembled, so the served JSON, the docs page, the lint test and the web client's
 * generated types all see the same thing:
 * - the session cookie is the security scheme of every operation, and operations registered
 *   with `markPublic` say `security: []` (so the document and the session guard agree); studio
 *   operations that take an API key name it as the alternative;
 * - every operation gets an operationId derived from its method and path unless its route
 *   definition sets one (clients generated from the document need stable names).
 * Without `app` (scripts such as the web type generator) it builds the app in-process on a
 * database that refuses every use: registering routes never queries.
 */
export function buildOpenApiDocument(
  app: OpenAPIHono<AppEnv> = createDocumentOnlyApp(),
): OpenApiDocument {
  const document = app.getOpenAPI31Document({
    ...OPENAPI_CONFIG,
    // Relative: the API is served from the same origin as the web app, whatever APP_URL is.
    servers: [{ url: '/', description: 'This FitBase server' }],
    security: [{ [SESSION_SECURITY_SCHEME]: [] }],
  });
  document.components = {
    ...document.components,
    securitySchemes: {
      ...document.components?.securitySchemes,
      [SESSION_SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE_NAME,
        description: `Session cookie set by sign-in (named __Secure-${SESSION_COOKIE_NAME} when NODE_ENV=production).`,
      },
      [MEMBER_SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'cookie',
        name: MEMBER_COOKIE,
        description:
          "A member's portal session, set by the portal's sign-in; its path is that studio's portal API.",
      },
      [API_KEY_SECURITY_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        description: `A studio's API key (${API_KEY_PREFIX}...), made in Settings › API keys. It names its studio (no X-Organization-Id needed) and acts with an admin's permissions; a Read only key gets 403 (api_key_read_only) on every write. ${API_KEY_RATE_LIMIT.perMinute} requests a minute per key, bursts of ${API_KEY_RATE_LIMIT.burst}: 429 with Retry-After and RateLimit-* headers beyond.`,
      },
      [KIOSK_SECURITY_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        description: `A paired kiosk's device token (${KIOSK_TOKEN_PREFIX}...), made by pairing in Settings › Kiosks.`,
      },
    },
  };

  const usedIds = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (isPublicRoute(method, path)) operation.security = [];
      const access = (operation as Record<string, unknown>)[ACCESS_EXTENSION] as
        RouteAccess | undefined;
      if (access?.kind === 'member') operation.security = [{ [MEMBER_SECURITY_SCHEME]: [] }];
      if (access?.kind === 'kiosk') operation.security = [{ [KIOSK_SECURITY_SCHEME]: [] }];
      if (access?.kind === 'studio' && access.apiKeys !== false)
        operation.security = [{ [SESSION_SECURITY_SCHEME]: [] }, { [API_KEY_SECURITY_SCHEME]: [] }];
      operation.operationId = uniqueId(
        operation.operationId ?? operationIdFor(method, path),
        usedIds,
      );
    }
  }
  return document;
}

/**
 * `GET /api/members/{id}/visits` → `getMembersByIdVisits`; `PUT /api/me/current-organization`
 * → `putMeCurrentOrganization`. Derived from the path so it stays stable as routes are added.
 */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment) ?? /^:(.+)$/.exec(segment);
      return param ? ['by', ...splitWords(param[1]!)] : splitWords(segment);
    });
  return [method.toLowerCase(), ...words.map(capitalize)].join('');
}

function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Two paths could in theory spell the same id (`/a-b` and `/a/b`): the later one gets a suffix. */
function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n++) candidate = `${id}${n}`;
  used.add(candidate);
  return candidate;
}

/** The real app over a database stand-in that throws if anything tries to use it. */
function createDocumentOnlyApp(): OpenAPIHono<AppEnv> {
  const unavailable = (): never => {
    throw new Error('The OpenAPI document is built without a database');
  };
  const database: Database = {
    kind: 'pglite',
    db: new Proxy({}, { get: unavailable }) as Database['db'],
    listen: unavailable,
    executeSql: unavailable,
    migrate: unavailable,
    close: async () => {},
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    // Given so that no development secret file is read or written.
    AUTH_SECRET: 'openapi-document-only-openapi-document-only',
    LOG_LEVEL: 'silent',
  });
  const deps = createDeps(config, database, {
    logger: createLogger('silent'),
    mailer: { send: unavailable },
  });
  return createApp(deps);
}
