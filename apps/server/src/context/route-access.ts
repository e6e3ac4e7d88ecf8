import type { Permission } from '@fitbase/domain/permissions';

/**
 * How each API route is reached. Every route is declared through exactly one helper
 * (`publicRoute`, `accountRoute`, `platformRoute`, `studioRoute`, `memberRoute`, `kioskRoute`); a test fails for a route
 * declared no way, so a new route cannot silently skip tenancy or permissions.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'account' }
  | { kind: 'platform' }
  /** The member portal: a member's own session in the studio of the path's slug. */
  | { kind: 'member' }
  /** The check-in kiosk: a paired device's token (`Authorization: Bearer fbk_...`), nothing else. */
  | { kind: 'kiosk' }
  /**
   * A studio's staff, or its API keys (docs/product/integrations.md#api-keys) unless `apiKeys`
   * is false: a person's own things (their notifications, security, calendar feed) and the
   * keys themselves.
   */
  | { kind: 'studio'; permission: Permission; transaction: boolean; apiKeys?: false };

/** The OpenAPI extension that carries a route's access, so tests can read it from the document. */
export const ACCESS_EXTENSION = 'x-fitbase-access';

const declared = new Map<string, RouteAccess>();

/** `GET /api/members/{id}`: the OpenAPI form of the path. */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}

export function declareAccess(method: string, path: string, access: RouteAccess): void {
  const key = routeKey(method, path);
  const existing = declared.get(key);
  if (existing && JSON.stringify(existing) !== JSON.stringify(access))
    throw new Error(`Route ${key} is declared twice with different access`);
  declared.set(key, access);
}

const keys = new Map<string, string>();

/** On every request: the key of a (method, Hono path) pair is computed once. */
export function accessOf(method: string, path: string): RouteAccess | undefined {
  const raw = `${method} ${path}`;
  let key = keys.get(raw);
  if (key === undefined) keys.set(raw, (key = routeKey(method, path)));
  return declared.get(key);
}
