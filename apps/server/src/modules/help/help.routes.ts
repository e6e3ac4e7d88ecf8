import { z } from '@hono/zod-openapi';
import { helpArticleViewSchema, helpViewCountsSchema } from '@fitbase/domain/contracts/help';
import { accountRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import { recordArticleView, viewCounts } from './help.service.ts';

const tags = ['Help'];

const slugParams = z.object({
  slug: z
    .string()
    .max(100)
    .openapi({ param: { name: 'slug', in: 'path' }, description: 'Help article slug' }),
});

const recordViewRoute = accountRoute({
  method: 'post',
  path: '/api/help/articles/{slug}/views',
  tags,
  summary: 'Count one opening of a help article (global across FitBase)',
  request: { params: slugParams },
  responses: { 200: jsonContent(helpArticleViewSchema), ...errorResponses },
});

const listViewsRoute = accountRoute({
  method: 'get',
  path: '/api/help/views',
  tags,
  summary: "Every help article's view count, by slug (an article never opened is absent)",
  responses: { 200: jsonContent(helpViewCountsSchema), ...errorResponses },
});

export function helpRoutes() {
  const app = createRouter();
  app.openapi(
    recordViewRoute,
    async (c) => c.json(await recordArticleView(c.get('account'), c.req.valid('param').slug), 200),
    // A slug too long to exist is just an unknown article.
    (result) => {
      if (!result.success) throw notFound('Help article');
      return undefined;
    },
  );
  app.openapi(listViewsRoute, async (c) => c.json(await viewCounts(c.get('account')), 200));
  return app;
}
