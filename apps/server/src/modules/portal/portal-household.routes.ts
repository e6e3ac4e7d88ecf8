import { z } from '@hono/zod-openapi';
import {
  portalDependentBookSchema,
  portalHouseholdSchema,
} from '@fitbase/domain/contracts/households';
import { portalBookingSchema, portalBookingsSchema } from '@fitbase/domain/contracts/portal';
import type { ZodError } from 'zod';
import { memberRoute } from '../../context/declare-route.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import {
  bookForDependent,
  dependentBookings,
  portalHousehold,
} from './portal-household.service.ts';

// The household in the member portal (docs/product/member-portal.md#household).

const tags = ['Member portal'];
const slug = z
  .string()
  .openapi({ param: { name: 'slug', in: 'path' }, description: 'Studio slug' });
const dependentParams = z.object({
  slug,
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: 'Household member id' }),
});

/** An id that cannot exist answers like a member the caller does not pay for (404). */
function memberHook(result: { success: boolean; error?: unknown; target?: string }): undefined {
  if (result.success) return undefined;
  if (result.target === 'param') throw notFound('Member');
  throw validationError(result.error as ZodError, result.target ?? 'request');
}

const householdRoute = memberRoute(
  {
    method: 'get',
    path: '/api/m/{slug}/household',
    tags,
    summary: "The signed-in member's household: its members and who pays",
    request: { params: z.object({ slug }) },
    responses: { 200: jsonContent(portalHouseholdSchema), ...errorResponses },
  },
  { readOnly: true },
);

const bookRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/dependents/{id}/book',
  tags,
  summary: 'The payer books a class (or joins its waitlist) for a member of their household',
  request: { params: dependentParams, body: jsonBody(portalDependentBookSchema) },
  responses: { 201: jsonContent(portalBookingSchema, 'Created'), ...errorResponses },
});

const bookingsRoute = memberRoute(
  {
    method: 'get',
    path: '/api/m/{slug}/dependents/{id}/bookings',
    tags,
    summary: "A household member's upcoming bookings and past visits, for their payer",
    request: { params: dependentParams },
    responses: { 200: jsonContent(portalBookingsSchema), ...errorResponses },
  },
  { readOnly: true },
);

export function portalHouseholdRoutes() {
  const app = createRouter();
  app.openapi(householdRoute, async (c) => c.json(await portalHousehold(c.get('member')), 200));
  app.openapi(
    bookRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      const { sessionId } = c.req.valid('json');
      return c.json(await bookForDependent(c.get('member'), id, sessionId), 201);
    },
    memberHook,
  );
  app.openapi(
    bookingsRoute,
    async (c) => c.json(await dependentBookings(c.get('member'), c.req.valid('param').id), 200),
    memberHook,
  );
  return app;
}
