import { createRoute } from '@hono/zod-openapi';
import { dashboardSummarySchema } from '@fitbase/domain/contracts/members';
import { requireOrganization } from '../../http/middleware/organization.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { getDashboardSummary } from './dashboard.service.ts';

const summaryRoute = createRoute({
  method: 'get',
  path: '/api/dashboard/summary',
  tags: ['Dashboard'],
  summary:
    "Plan dashboard figures: member count and limit, visits today (organization's time zone), last 5 visits",
  responses: { 200: jsonContent(dashboardSummarySchema), ...errorResponses },
});

export function dashboardRoutes() {
  const app = createRouter();
  app.use('/api/dashboard/*', requireOrganization());
  app.openapi(summaryRoute, async (c) =>
    c.json(await getDashboardSummary(c.get('deps').database.db, c.get('org')), 200),
  );
  return app;
}
