import { searchQuerySchema, searchResponseSchema } from '@fitbase/domain/contracts/search';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { search } from './search.service.ts';

const searchRoute = studioRoute({
  method: 'get',
  path: '/api/search',
  permission: 'studio.access',
  tags: ['Search'],
  summary:
    "Search the studio's members, leads, staff, classes, products and help articles (at most 20 results, best first, grouped by kind)",
  request: { query: searchQuerySchema },
  responses: { 200: jsonContent(searchResponseSchema), ...errorResponses },
});

export function searchRoutes() {
  const app = createRouter();
  app.openapi(searchRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await search(studio, c.req.valid('query').q), 200);
  });
  return app;
}
