import {
  analyticsSchema,
  pageQuerySchema,
  trialRequestPageSchema,
} from '@fitbase/domain/contracts/owner-portal';
import { platformRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { getAnalytics, listTrialRequests } from './analytics.service.ts';

const analyticsRoute = platformRoute({
  method: 'get',
  path: '/api/owner-portal/analytics',
  tags: ['Owner portal'],
  summary:
    'Total users, active subscriptions, monthly revenue (exact), new users this month (UTC), plan distribution',
  responses: { 200: jsonContent(analyticsSchema), ...errorResponses },
});

const trialRequestsRoute = platformRoute({
  method: 'get',
  path: '/api/owner-portal/trial-requests',
  tags: ['Owner portal'],
  summary: 'Stored trial requests, newest first, paged by cursor',
  request: { query: pageQuerySchema },
  responses: { 200: jsonContent(trialRequestPageSchema), ...errorResponses },
});

export function analyticsRoutes() {
  const app = createRouter();
  app.openapi(analyticsRoute, async (c) => c.json(await getAnalytics(c.get('platform')), 200));
  app.openapi(trialRequestsRoute, async (c) =>
    c.json(await listTrialRequests(c.get('platform'), c.req.valid('query')), 200),
  );
  return app;
}
