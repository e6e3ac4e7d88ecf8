import { z } from '@hono/zod-openapi';
import { fitsCurrency } from '../../context/studio-format.ts';
import {
  serviceInputSchema,
  serviceListSchema,
  serviceSchema,
  serviceUpdateSchema,
} from '@fitbase/domain/contracts/services';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { createService, deleteService, listServices, updateService } from './services.service.ts';

const idParams = z.object({ id: z.uuid('Service id must be a UUID') });
// Each route resolves the caller's current organization on the server (never from the request).

const listRoute = studioRoute({
  method: 'get',
  path: '/api/services',
  permission: 'services.view',
  tags: ['Services'],
  summary: "The current organization's services, ordered by name",
  request: { query: z.object({ active: z.enum(['true', 'false']).optional() }) },
  responses: { 200: jsonContent(serviceListSchema), ...errorResponses },
});

const createServiceRoute = studioRoute({
  method: 'post',
  path: '/api/services',
  permission: 'services.manage',
  tags: ['Services'],
  summary: 'Add a service (owner, admin)',
  request: { body: jsonBody(serviceInputSchema) },
  responses: { 201: jsonContent(serviceSchema, 'Created'), ...errorResponses },
});

const updateServiceRoute = studioRoute({
  method: 'patch',
  path: '/api/services/{id}',
  permission: 'services.manage',
  tags: ['Services'],
  summary: 'Change a service, e.g. Activate/Deactivate (owner, admin)',
  request: { params: idParams, body: jsonBody(serviceUpdateSchema) },
  responses: { 200: jsonContent(serviceSchema), ...errorResponses },
});

const deleteServiceRoute = studioRoute({
  method: 'delete',
  path: '/api/services/{id}',
  permission: 'services.manage',
  tags: ['Services'],
  summary: 'Delete a service (owner, admin)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

export function serviceRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const { active } = c.req.valid('query');
    const filter = { active: active === undefined ? undefined : active === 'true' };
    return c.json(await listServices(c.get('studio'), filter), 200);
  });
  app.openapi(createServiceRoute, async (c) => {
    const studio = c.get('studio');
    const body = await fitsCurrency(studio, c.req.valid('json'), ['price']);
    return c.json(await createService(studio, body), 201);
  });
  app.openapi(updateServiceRoute, async (c) => {
    const { id } = c.req.valid('param');
    const studio = c.get('studio');
    const body = await fitsCurrency(studio, c.req.valid('json'), ['price']);
    return c.json(await updateService(studio, id, body), 200);
  });
  app.openapi(deleteServiceRoute, async (c) => {
    await deleteService(c.get('studio'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
}
