import { createRouter } from '../../http/openapi.ts';

// Being built: /api/analytics (docs/product/reports-and-analytics.md#analytics).
export function analyticsRoutes() {
  return createRouter();
}
