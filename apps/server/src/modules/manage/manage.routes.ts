import { manageOverviewSchema } from '@fitbase/domain/contracts/appointments';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { getManageOverview } from './manage.service.ts';

const overviewRoute = studioRoute({
  method: 'get',
  path: '/api/manage/overview',
  permission: 'schedule.view',
  tags: ['Manage'],
  summary: 'Counts and short lists of the Manage screen',
  description:
    'Clients, classes, courses, facilities, trainers, upcoming appointments and services counted, with the first five of each list.',
  responses: { 200: jsonContent(manageOverviewSchema), ...errorResponses },
});

export function manageRoutes() {
  const app = createRouter();
  app.openapi(overviewRoute, async (c) => c.json(await getManageOverview(c.get('studio')), 200));
  return app;
}
