import {
  analyticsOverviewSchema,
  memberAnalyticsSchema,
  performanceAnalyticsSchema,
  revenueAnalyticsSchema,
} from '@fitbase/domain/contracts/analytics';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import {
  getAnalyticsOverview,
  getMemberAnalytics,
  getPerformanceAnalytics,
  getRevenueAnalytics,
} from './analytics.service.ts';

// docs/product/reports-and-analytics.md#analytics
const tags = ['Analytics'];

const overviewRoute = studioRoute({
  method: 'get',
  path: '/api/analytics/overview',
  permission: 'reports.view',
  tags,
  summary: 'Analytics overview',
  description:
    "The cards (Total Members, Monthly Revenue, Active Today, Classes This Week, as on the dashboards), member growth and revenue over the last 12 months, visits by weekday and hour and class utilisation over the last 12 weeks, and 90-day retention, in the studio's time zone.",
  responses: { 200: jsonContent(analyticsOverviewSchema), ...errorResponses },
});

const membersRoute = studioRoute({
  method: 'get',
  path: '/api/analytics/members',
  permission: 'reports.view',
  tags,
  summary: 'Member analytics',
  description:
    'Member status today and at each month end, monthly movement and churn, 90-day retention, retention cohorts by the month of the first membership, and the at-risk members (active, no visit in 14 days).',
  responses: { 200: jsonContent(memberAnalyticsSchema), ...errorResponses },
});

const revenueRoute = studioRoute({
  method: 'get',
  path: '/api/analytics/revenue',
  permission: 'reports.view',
  tags,
  summary: 'Revenue analytics',
  description:
    'Revenue (paid minus refunded) by month and Sales category, revenue per active member, and monthly recurring revenue at each month end with its new, churned and net movement.',
  responses: { 200: jsonContent(revenueAnalyticsSchema), ...errorResponses },
});

const performanceRoute = studioRoute({
  method: 'get',
  path: '/api/analytics/performance',
  permission: 'reports.view',
  tags,
  summary: 'Performance analytics',
  description:
    'Over the last 12 weeks: class utilisation (places taken ÷ capacity of sessions not cancelled) by week, by class and by trainer, and visits by weekday and hour.',
  responses: { 200: jsonContent(performanceAnalyticsSchema), ...errorResponses },
});

export function analyticsRoutes() {
  const app = createRouter();
  app.openapi(overviewRoute, async (c) => c.json(await getAnalyticsOverview(c.get('studio')), 200));
  app.openapi(membersRoute, async (c) => c.json(await getMemberAnalytics(c.get('studio')), 200));
  app.openapi(revenueRoute, async (c) => c.json(await getRevenueAnalytics(c.get('studio')), 200));
  app.openapi(performanceRoute, async (c) =>
    c.json(await getPerformanceAnalytics(c.get('studio')), 200),
  );
  return app;
}
