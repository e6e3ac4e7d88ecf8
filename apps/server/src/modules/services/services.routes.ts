import { createRoute, z } from '@hono/zod-openapi';
import {
  serviceInputSchema,
  serviceListSchema,
  serviceSchema,
  serviceUpdateSchema,
} from '@fitbase/domain/contracts/services';
import { requireOrganization } from '../../http/middleware/organization.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { createService, deleteService, listServices, updateService } from './services.service.ts';

const idParams = z.object({ id: z.uuid('Service id must be a UUID') });
// Each route resolves the caller's current organization on the server (never from the request).

const listRoute = createRoute({
  method: 'get',
  path: '/api/services',
  tags: ['Services'],
  summary: "The current organization's services, ordered by name",
  middleware: [requireOrganization()] as const,
  request: { query: z.object({ active: z.enum(['true', 'false']).optional() }) },
  responses: { 200: jsonContent(serviceListSchema), ...errorResponses },
});

const createServiceRoute = createRoute({
  method: 'post',
  path: '/api/services',
  tags: ['Services'],
  summary: 'Add a service (owner, admin)',
  middleware: [requireOrganization()] as const,
  request: { body: jsonBody(serviceInputSchema) },
  responses: { 201: jsonContent(serviceSchema, 'Created'), ...errorResponses },
});

const updateServiceRoute = createRoute({
  method: 'patch',
  path: '/api/services/{id}',
  tags: ['Services'],
  summary: 'Change a service, e.g. Activate/Deactivate (owner, admin)',
  middleware: [requireOrganization()] as const,
  request: { params: idParams, body: jsonBody(serviceUpdateSchema) },
  responses: { 200: jsonContent(serviceSchema), ...errorResponses },
});

const deleteServiceRoute = createRoute({
  method: 'delete',
  path: '/api/services/{id}',
  tags: ['Services'],
  summary: 'Delete a service (owner, admin)',
  middleware: [requireOrganization()] as const,
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

export function serviceRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const { active } = c.req.valid('query');
    const filter = { active: active === undefined ? undefined : active === 'true' };
    return c.json(await listServices(c.get('deps').database.db, c.get('org'), filter), 200);
  });
  app.openapi(createServiceRoute, async (c) => {
    return c.json(
      await createService(c.get('deps').database.db, c.get('org'), c.req.valid('json')),
      201,
    );
  });
  app.openapi(updateServiceRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(
      await updateService(c.get('deps').database.db, c.get('org'), id, c.req.valid('json')),
      200,
    );
  });
  app.openapi(deleteServiceRoute, async (c) => {
    await deleteService(c.get('deps').database.db, c.get('org'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
}
