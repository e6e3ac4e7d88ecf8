import { dashboardSummarySchema } from '@fitbase/domain/contracts/dashboard';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { getDashboardSummary } from './dashboard.service.ts';

const summaryRoute = studioRoute({
  method: 'get',
  path: '/api/dashboard/summary',
  permission: 'members.view',
  tags: ['Dashboard'],
  summary: 'Plan dashboard figures',
  description:
    "Member count and limit, visits today, the last 5 visits, and members added and check-ins this month so far against the same span of the previous month, all in the organization's time zone.",
  responses: { 200: jsonContent(dashboardSummarySchema), ...errorResponses },
});

export function dashboardRoutes() {
  const app = createRouter();
  app.openapi(summaryRoute, async (c) =>
    c.json(await getDashboardSummary(c.get('studio').db, c.get('studio')), 200),
  );
  return app;
}
