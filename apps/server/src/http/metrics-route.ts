import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type Handler, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Histogram } from 'prom-client';
import { httpRequestDuration, metricsRegistry } from '../lib/metrics.ts';
import type { AppEnv } from './types.ts';

type Child = ReturnType<Histogram<'method' | 'route' | 'status'>['labels']>;

/**
 * Times every answer into http_request_duration_seconds, labelled with the route template
 * Hono matched (`/api/members/:id`, also when a middleware answered first, e.g. a 401).
 * Installed only when metrics are on. The labelled series are kept in nested maps, so a
 * request looks its series up without building a label object or key string.
 */
export function recordRequestMetrics(): MiddlewareHandler<AppEnv> {
  const series = new Map<string, Map<string, Map<number, Child>>>();
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      seriesFor(series, c.req.method, routeOf(c), c.res.status).observe(seconds);
    }
  };
}

/**
 * The template of the route the request matched: the first matched entry registered for a
 * method (middleware are registered for ALL); else the catch-all's (`/api/*`, `*`).
 */
function routeOf(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  for (const route of routes) if (route.method !== 'ALL') return route.path;
  return routes.at(-1)?.path ?? 'unmatched';
}

function seriesFor(
  series: Map<string, Map<string, Map<number, Child>>>,
  method: string,
  route: string,
  status: number,
): Child {
  let byRoute = series.get(method);
  if (!byRoute) series.set(method, (byRoute = new Map()));
  let byStatus = byRoute.get(route);
  if (!byStatus) byRoute.set(route, (byStatus = new Map()));
  let child = byStatus.get(status);
  if (!child) {
    child = httpRequestDuration.labels(method, route, String(status));
    byStatus.set(status, child);
  }
  return child;
}

/**
 * GET /metrics in Prometheus' text format, for `Authorization: Bearer <METRICS_TOKEN>` only;
 * anyone else gets the same 404 as when metrics are off, so the endpoint is not advertised.
 */
export function metricsHandler(token: string): Handler<AppEnv> {
  const expected = Buffer.from(`Bearer ${token}`);
  return async (c: Context<AppEnv>) => {
    const given = Buffer.from(c.req.header('authorization') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return c.text('Not found', 404);
    }
    return c.body(await metricsRegistry.metrics(), 200, {
      'content-type': metricsRegistry.contentType,
      'cache-control': 'no-store',
    });
  };
}

/** The app METRICS_PORT serves: /metrics only (behind the token), 404 for anything else. */
export function metricsApp(token: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/metrics', metricsHandler(token));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
