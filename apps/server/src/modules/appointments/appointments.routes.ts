import { z } from '@hono/zod-openapi';
import {
  appointmentInputSchema,
  appointmentSlotListSchema,
  appointmentSlotsQuerySchema,
  availabilityInputSchema,
  availabilitySchema,
  courseEnrolmentInputSchema,
  courseEnrolmentResultSchema,
  trainerListSchema,
} from '@fitbase/domain/contracts/appointments';
import { sessionSummarySchema } from '@fitbase/domain/contracts/schedule';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  createAppointment,
  getAvailability,
  listAppointmentSlots,
  listTrainers,
  setAvailability,
} from './appointments.service.ts';
import { enrolInCourse } from './courses.service.ts';

// docs/product/schedule.md#appointments and #courses.
const userParams = z.object({ userId: z.string().min(1).max(100) });
const courseParams = z.object({ id: z.uuid('Course id must be a UUID') });

const listTrainersRoute = studioRoute({
  method: 'get',
  path: '/api/trainers',
  permission: 'schedule.view',
  tags: ['Appointments'],
  summary: 'Everyone of the studio who can teach, with their role and colour',
  responses: { 200: jsonContent(trainerListSchema), ...errorResponses },
});

const getAvailabilityRoute = studioRoute({
  method: 'get',
  path: '/api/trainers/{userId}/availability',
  permission: 'schedule.view',
  tags: ['Appointments'],
  summary: "A trainer's weekly availability for appointments",
  request: { params: userParams },
  responses: { 200: jsonContent(availabilitySchema), ...errorResponses },
});

const setAvailabilityRoute = studioRoute({
  method: 'put',
  path: '/api/trainers/{userId}/availability',
  permission: 'schedule.sessions.edit',
  tags: ['Appointments'],
  summary: "Replace a trainer's weekly availability (a trainer only their own)",
  request: { params: userParams, body: jsonBody(availabilityInputSchema) },
  responses: { 200: jsonContent(availabilitySchema), ...errorResponses },
});

const slotsRoute = studioRoute({
  method: 'get',
  path: '/api/appointments/slots',
  permission: 'schedule.view',
  tags: ['Appointments'],
  summary: 'Free appointment times of a trainer for a service on a local date',
  request: { query: appointmentSlotsQuerySchema },
  responses: { 200: jsonContent(appointmentSlotListSchema), ...errorResponses },
});

const createAppointmentRoute = studioRoute({
  method: 'post',
  path: '/api/appointments',
  permission: 'schedule.book',
  tags: ['Appointments'],
  summary: 'Book a one-to-one appointment for a member',
  request: { body: jsonBody(appointmentInputSchema) },
  responses: { 201: jsonContent(sessionSummarySchema, 'Created'), ...errorResponses },
});

const enrolRoute = studioRoute({
  method: 'post',
  path: '/api/courses/{id}/enrolments',
  permission: 'schedule.book',
  tags: ['Appointments'],
  summary: 'Enrol a member in every upcoming session of a course (all or nothing)',
  request: { params: courseParams, body: jsonBody(courseEnrolmentInputSchema) },
  responses: { 201: jsonContent(courseEnrolmentResultSchema, 'Created'), ...errorResponses },
});

export function appointmentRoutes() {
  const app = createRouter();
  app.openapi(listTrainersRoute, async (c) => c.json(await listTrainers(c.get('studio')), 200));
  app.openapi(getAvailabilityRoute, async (c) => {
    const { userId } = c.req.valid('param');
    return c.json(await getAvailability(c.get('studio'), userId), 200);
  });
  app.openapi(setAvailabilityRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const studio = c.get('studio');
    return c.json(await setAvailability(studio, userId, c.req.valid('json')), 200);
  });
  app.openapi(slotsRoute, async (c) =>
    c.json(await listAppointmentSlots(c.get('studio'), c.req.valid('query')), 200),
  );
  app.openapi(createAppointmentRoute, async (c) =>
    c.json(await createAppointment(c.get('studio'), c.req.valid('json')), 201),
  );
  app.openapi(enrolRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { memberId } = c.req.valid('json');
    return c.json(await enrolInCourse(c.get('studio'), id, memberId), 201);
  });
  return app;
}
