import { z } from '@hono/zod-openapi';
import {
  classListQuerySchema,
  facilityInputSchema,
  facilityListSchema,
  facilitySchema,
  facilityUpdateSchema,
  scheduleClassInputSchema,
  scheduleClassListSchema,
  scheduleClassSchema,
  scheduleClassUpdateSchema,
  sessionCancelSchema,
  sessionListQuerySchema,
  sessionListSchema,
  sessionSummarySchema,
  sessionUpdateSchema,
} from '@fitbase/domain/contracts/schedule';
import { studioRoute } from '../../context/declare-route.ts';
import type { Deps } from '../../http/types.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  createClass,
  deleteClass,
  getClass,
  listClasses,
  updateClass,
} from './schedule-classes.service.ts';
import {
  createFacility,
  deleteFacility,
  listFacilities,
  updateFacility,
} from './schedule-facilities.service.ts';
import { jsonText } from '../../http/json-text.ts';
import {
  cancelSession,
  getSession,
  listSessionsJson,
  updateSession,
} from './schedule-sessions.service.ts';
import { createWeekViewCache } from '../../context/week-view-cache.ts';

// docs/product/schedule.md. Each route resolves the caller's organization on the server.
const facilityParams = z.object({ id: z.uuid('Facility id must be a UUID') });
const classParams = z.object({ id: z.uuid('Class id must be a UUID') });
const sessionParams = z.object({ id: z.uuid('Session id must be a UUID') });
const deleted = { 204: { description: 'Deleted' }, ...errorResponses };

const routes = {
  listFacilities: studioRoute({
    method: 'get',
    path: '/api/facilities',
    permission: 'schedule.view',
    tags: ['Schedule'],
    summary: "The organization's rooms and areas, by name",
    responses: { 200: jsonContent(facilityListSchema), ...errorResponses },
  }),
  createFacility: studioRoute({
    method: 'post',
    path: '/api/facilities',
    permission: 'schedule.manage',
    tags: ['Schedule'],
    summary: 'Add a facility (owner, admin)',
    request: { body: jsonBody(facilityInputSchema) },
    responses: { 201: jsonContent(facilitySchema, 'Created'), ...errorResponses },
  }),
  updateFacility: studioRoute({
    method: 'patch',
    path: '/api/facilities/{id}',
    permission: 'schedule.manage',
    tags: ['Schedule'],
    summary: 'Rename or resize a facility (owner, admin)',
    request: { params: facilityParams, body: jsonBody(facilityUpdateSchema) },
    responses: { 200: jsonContent(facilitySchema), ...errorResponses },
  }),
  deleteFacility: studioRoute({
    method: 'delete',
    path: '/api/facilities/{id}',
    permission: 'schedule.manage',
    tags: ['Schedule'],
    summary: 'Delete a facility no upcoming session uses (owner, admin)',
    request: { params: facilityParams },
    responses: deleted,
  }),
  listClasses: studioRoute({
    method: 'get',
    path: '/api/classes',
    permission: 'schedule.view',
    tags: ['Schedule'],
    summary: 'Classes and courses with their next session, by name',
    request: { query: classListQuerySchema },
    responses: { 200: jsonContent(scheduleClassListSchema), ...errorResponses },
  }),
  createClass: studioRoute({
    method: 'post',
    path: '/api/classes',
    permission: 'schedule.manage',
    tags: ['Schedule'],
    summary: 'Add a class or course and generate its sessions (owner, admin)',
    request: { body: jsonBody(scheduleClassInputSchema) },
    responses: { 201: jsonContent(scheduleClassSchema, 'Created'), ...errorResponses },
  }),
  getClass: studioRoute({
    method: 'get',
    path: '/api/classes/{id}',
    permission: 'schedule.view',
    tags: ['Schedule'],
    summary: 'One class or course',
    request: { params: classParams },
    responses: { 200: jsonContent(scheduleClassSchema), ...errorResponses },
  }),
  updateClass: studioRoute({
    method: 'patch',
    path: '/api/classes/{id}',
    permission: 'schedule.manage',
    tags: ['Schedule'],
    summary: 'Change a class and all its future sessions (owner, admin)',
    request: { params: classParams, body: jsonBody(scheduleClassUpdateSchema) },
    responses: { 200: jsonContent(scheduleClassSchema), ...errorResponses },
  }),
  deleteClass: studioRoute({
    method: 'delete',
    path: '/api/classes/{id}',
    permission: 'schedule.manage',
    tags: ['Schedule'],
    summary: 'Delete a class without bookings, with its sessions (owner, admin)',
    request: { params: classParams },
    responses: deleted,
  }),
  listSessions: studioRoute({
    method: 'get',
    path: '/api/sessions',
    permission: 'schedule.view',
    tags: ['Schedule'],
    summary: "Sessions in a range (at most 42 days) and this week's figures",
    request: { query: sessionListQuerySchema },
    responses: { 200: jsonContent(sessionListSchema), ...errorResponses },
  }),
  getSession: studioRoute({
    method: 'get',
    path: '/api/sessions/{id}',
    permission: 'schedule.view',
    tags: ['Schedule'],
    summary: 'One session',
    request: { params: sessionParams },
    responses: { 200: jsonContent(sessionSummarySchema), ...errorResponses },
  }),
  updateSession: studioRoute({
    method: 'patch',
    path: '/api/sessions/{id}',
    permission: 'schedule.sessions.edit',
    tags: ['Schedule'],
    summary: 'Change this session, the following ones or all (trainers: their own)',
    request: { params: sessionParams, body: jsonBody(sessionUpdateSchema) },
    responses: { 200: jsonContent(sessionSummarySchema), ...errorResponses },
  }),
  cancelSession: studioRoute({
    method: 'post',
    path: '/api/sessions/{id}/cancel',
    permission: 'schedule.sessions.edit',
    tags: ['Schedule'],
    summary: 'Cancel a session and its bookings, emailing the members (trainers: their own)',
    request: { params: sessionParams, body: jsonBody(sessionCancelSchema) },
    responses: { 200: jsonContent(sessionSummarySchema), ...errorResponses },
  }),
};

export function scheduleRoutes(deps: Deps) {
  const app = createRouter();
  const weekViews = createWeekViewCache(deps.database);
  app.openapi(routes.listFacilities, async (c) =>
    c.json(await listFacilities(c.get('studio')), 200),
  );
  app.openapi(routes.createFacility, async (c) =>
    c.json(await createFacility(c.get('studio'), c.req.valid('json')), 201),
  );
  app.openapi(routes.updateFacility, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await updateFacility(c.get('studio'), id, c.req.valid('json')), 200);
  });
  app.openapi(routes.deleteFacility, async (c) => {
    await deleteFacility(c.get('studio'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(routes.listClasses, async (c) =>
    c.json(await listClasses(c.get('studio'), c.req.valid('query').kind), 200),
  );
  app.openapi(routes.createClass, async (c) =>
    c.json(await createClass(c.get('studio'), c.req.valid('json')), 201),
  );
  app.openapi(routes.getClass, async (c) =>
    c.json(await getClass(c.get('studio'), c.req.valid('param').id), 200),
  );
  app.openapi(routes.updateClass, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await updateClass(c.get('studio'), id, c.req.valid('json')), 200);
  });
  app.openapi(routes.deleteClass, async (c) => {
    await deleteClass(c.get('studio'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  // The body is PostgreSQL's JSON text, sent as it is (schedule-sessions.queries.ts).
  app.openapi(
    routes.listSessions,
    async (c) =>
      await jsonText(
        c,
        await listSessionsJson(c.get('studio'), c.req.valid('query'), {
          // A client asking for a fresh answer (Cache-Control: no-cache) gets one read now.
          cache: /no-cache/i.test(c.req.header('cache-control') ?? '') ? undefined : weekViews,
        }),
      ),
  );
  app.openapi(routes.getSession, async (c) =>
    c.json(await getSession(c.get('studio'), c.req.valid('param').id), 200),
  );
  app.openapi(routes.updateSession, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await updateSession(c.get('studio'), id, c.req.valid('json')), 200);
  });
  app.openapi(routes.cancelSession, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await cancelSession(c.get('studio'), id, c.req.valid('json')), 200);
  });
  return app;
}
