/**
 * Routes reachable without a session. Everything under /api not listed here is refused
 * with 401 by the session guard (guarded by default); a test walks every route to prove it.
 */
const publicRoutes: Array<{ method: string; pattern: RegExp; path: string }> = [];

function toRegExp(path: string): RegExp {
  const source = path
    .replace(/[.+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{[^/]+\}|:[^/]+/g, '[^/]+')
    .replace(/\*$/, '.*');
  return new RegExp(`^${source}$`);
}

export function markPublic<T extends { method: string; path: string }>(route: T): T {
  publicRoutes.push({
    method: route.method.toUpperCase(),
    pattern: toRegExp(route.path),
    path: route.path,
  });
  return route;
}

export function isPublicRoute(method: string, path: string): boolean {
  const m = method.toUpperCase();
  return publicRoutes.some((r) => (r.method === m || r.method === 'ALL') && r.pattern.test(path));
}

/** better-auth's own endpoints and the API reference are public by nature. */
markPublic({ method: 'ALL', path: '/api/auth/*' });
