import { dashboardSummarySchema, homeDashboardSchema } from '@fitbase/domain/contracts/dashboard';
import { homeCardsInputSchema, homeCardsSchema } from '@fitbase/domain/contracts/home-cards';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { getHomeCards, resetHomeCards, saveHomeCards } from './dashboard-cards.service.ts';
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

// A person's own cards (docs/product/dashboards.md#cards-you-choose): every role keeps theirs;
// an API key has no person, so it has no home.
const cardsRoute = studioRoute({
  method: 'get',
  path: '/api/dashboard/home/cards',
  permission: 'studio.access',
  apiKeys: false,
  tags: ['Dashboard'],
  summary: 'Your home cards and the figures of the chosen ones',
  description:
    "The cards you chose for the studio home, in order (the defaults until you customize), the figures of the chosen cards that GET /api/dashboard/home does not carry (null for cards not chosen), and for owners and admins the studio's setup checklist until it is done.",
  responses: { 200: jsonContent(homeCardsSchema), ...errorResponses },
});

const saveCardsRoute = studioRoute({
  method: 'put',
  path: '/api/dashboard/home/cards',
  permission: 'studio.access',
  apiKeys: false,
  tags: ['Dashboard'],
  summary: 'Choose and order your home cards',
  description: 'Cards your role may not see are refused (403).',
  request: { body: jsonBody(homeCardsInputSchema) },
  responses: { 200: jsonContent(homeCardsSchema), ...errorResponses },
});

const resetCardsRoute = studioRoute({
  method: 'delete',
  path: '/api/dashboard/home/cards',
  permission: 'studio.access',
  apiKeys: false,
  tags: ['Dashboard'],
  summary: 'Reset your home cards to the defaults',
  responses: { 200: jsonContent(homeCardsSchema), ...errorResponses },
});

export function dashboardRoutes() {
  const app = createRouter();
  app.openapi(summaryRoute, async (c) => c.json(await getDashboardSummary(c.get('studio')), 200));
  app.openapi(homeRoute, async (c) => c.json(await getHomeDashboard(c.get('studio')), 200));
  app.openapi(cardsRoute, async (c) => c.json(await getHomeCards(c.get('studio')), 200));
  app.openapi(saveCardsRoute, async (c) =>
    c.json(await saveHomeCards(c.get('studio'), c.req.valid('json')), 200),
  );
  app.openapi(resetCardsRoute, async (c) => c.json(await resetHomeCards(c.get('studio')), 200));
  return app;
}
