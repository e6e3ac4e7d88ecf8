import {
  createOrganizationSchema,
  membershipSchema,
} from '@fitbase/domain/contracts/organizations';
import { accountRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { createOrganization } from './organizations.service.ts';

const createOrganizationRoute = accountRoute({
  method: 'post',
  path: '/api/organizations',
  tags: ['Organizations'],
  summary: 'Create a gym organization with the caller as its owner',
  request: { body: jsonBody(createOrganizationSchema) },
  responses: {
    201: jsonContent(membershipSchema.omit({ joinedAt: true }), 'Created'),
    ...errorResponses,
  },
});

export function organizationRoutes() {
  const app = createRouter();
  app.openapi(createOrganizationRoute, async (c) => {
    const org = await createOrganization(c.get('account'), c.req.valid('json'));
    return c.json(org, 201);
  });
  return app;
}
