import { dashboardSummarySchema, homeDashboardSchema } from '@fitbase/domain/contracts/dashboard';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { getHomeDashboard } from './dashboard-home.service.ts';
import { getDashboardSummary } from './dashboard.service.ts';

const summaryRoute = studioRoute({
  method: 'get',
  path: '/api/dashboard/summary',
  permission: 'members.view',
  tags: ['Dashboard'],
  summary: 'Plan dashboard figures',
  description:
    "Member count and limit, visits today, the last 5 visits, members added and check-ins this month so far against the same span of the previous month, scheduled sessions this week, the caller's next class (else the studio's) and the staff on duty today, all in the organization's time zone.",
  responses: { 200: jsonContent(dashboardSummarySchema), ...errorResponses },
});

const homeRoute = studioRoute({
  method: 'get',
  path: '/api/dashboard/home',
  permission: 'studio.access',
  tags: ['Dashboard'],
  summary: 'Studio home dashboard figures',
  description:
    "Class bookings today and this week, this week's bookings against capacity, active members, monthly revenue, the newest and expiring members, and today's and tomorrow's sessions, in the organization's time zone.",
  responses: { 200: jsonContent(homeDashboardSchema), ...errorResponses },
});

export function dashboardRoutes() {
  const app = createRouter();
  app.openapi(summaryRoute, async (c) => c.json(await getDashboardSummary(c.get('studio')), 200));
  app.openapi(homeRoute, async (c) => c.json(await getHomeDashboard(c.get('studio')), 200));
  return app;
}
