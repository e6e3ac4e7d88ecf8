import { z } from '@hono/zod-openapi';
import { trialRequestSchema } from '@fitbase/domain/contracts/trial-requests';
import { publicRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { submitTrialRequest } from './trial-requests.service.ts';

const submitRoute = publicRoute({
  method: 'post',
  path: '/api/trial-requests',
  tags: ['Public'],
  summary: 'Ask for a free trial (public)',
  request: { body: jsonBody(trialRequestSchema) },
  responses: {
    201: jsonContent(z.object({ id: z.string(), createdAt: z.string() }), 'Stored'),
    ...errorResponses,
  },
});

export function trialRequestRoutes() {
  const app = createRouter();
  app.openapi(submitRoute, async (c) => {
    const result = await submitTrialRequest(c.get('public'), c.req.valid('json'));
    return c.json(result, 201);
  });
  return app;
}
