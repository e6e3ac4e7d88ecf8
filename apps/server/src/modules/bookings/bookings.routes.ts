import { z } from '@hono/zod-openapi';
import {
  bookingCreateSchema,
  bookingSchema,
  checkInConfirmSchema,
  checkInInputSchema,
  checkInResultSchema,
  memberBookingListSchema,
  rosterSchema,
  scheduleSettingsSchema,
  sessionCloseResultSchema,
  type Penalty,
} from '@fitbase/domain/contracts/bookings';
import type { ZodError } from 'zod';
import { studioRoute } from '../../context/declare-route.ts';
import { fitsCurrency } from '../../context/studio-format.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import {
  bookSession,
  cancelBooking,
  checkInBooking,
  closeSession,
  getRoster,
  listBookingsOfMember,
  undoCheckIn,
} from './bookings.service.ts';
import { checkIn } from './check-in.service.ts';
import { getScheduleSettings, saveScheduleSettings } from './schedule-settings.service.ts';

const tags = ['Bookings'];
const idParams = (what: string) =>
  z.object({
    id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: `${what} id` }),
  });
const sessionParams = idParams('Session');
const bookingParams = idParams('Booking');
const memberParams = idParams('Member');

/** An id that cannot exist answers like an unknown one (docs/product/tenancy.md). */
const idHook =
  (what: string) => (result: { success: boolean; error?: unknown; target?: string }) => {
    if (result.success) return undefined;
    if (result.target === 'param') throw notFound(what);
    throw validationError(result.error as ZodError, result.target ?? 'request');
  };

const rosterRoute = studioRoute({
  method: 'get',
  path: '/api/sessions/{id}/roster',
  permission: 'schedule.view',
  tags,
  summary: "A session's roster: booked members, the waitlist in order, cancellations",
  request: { params: sessionParams },
  responses: { 200: jsonContent(rosterSchema), ...errorResponses },
});

const bookRoute = studioRoute({
  method: 'post',
  path: '/api/sessions/{id}/bookings',
  permission: 'schedule.book',
  tags,
  summary: 'Book a member into a session (waitlisted when full; checkIn: a walk-in)',
  request: { params: sessionParams, body: jsonBody(bookingCreateSchema) },
  responses: { 201: jsonContent(bookingSchema, 'Created'), ...errorResponses },
});

const closeRoute = studioRoute({
  method: 'post',
  path: '/api/sessions/{id}/close',
  permission: 'schedule.book',
  tags,
  summary: 'Close attendance: the remaining booked members become no-shows',
  request: { params: sessionParams },
  responses: { 200: jsonContent(sessionCloseResultSchema), ...errorResponses },
});

const cancelRoute = studioRoute({
  method: 'post',
  path: '/api/bookings/{id}/cancel',
  permission: 'schedule.book',
  tags,
  summary: 'Cancel a booking (late inside the late-cancel window); the waitlist moves up',
  request: { params: bookingParams },
  responses: { 200: jsonContent(bookingSchema), ...errorResponses },
});

const checkInBookingRoute = studioRoute({
  method: 'post',
  path: '/api/bookings/{id}/check-in',
  permission: 'schedule.book',
  tags,
  summary: 'Check a booked member in: attended, and a class visit recorded',
  request: { params: bookingParams, body: jsonBody(checkInConfirmSchema) },
  responses: { 200: jsonContent(bookingSchema), ...errorResponses },
});

const undoCheckInRoute = studioRoute({
  method: 'post',
  path: '/api/bookings/{id}/undo-check-in',
  permission: 'schedule.book',
  tags,
  summary: 'Undo a check-in (back to booked, the visit removed) until attendance is closed',
  request: { params: bookingParams },
  responses: { 200: jsonContent(bookingSchema), ...errorResponses },
});

const memberBookingsRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}/bookings',
  permission: 'members.view',
  tags,
  summary: "A member's bookings, newest session first (at most 50)",
  request: { params: memberParams },
  responses: { 200: jsonContent(memberBookingListSchema), ...errorResponses },
});

const checkInRoute = studioRoute({
  method: 'post',
  path: '/api/check-ins',
  permission: 'visits.create',
  tags,
  summary: 'Check a member in at the door or into a session (books a walk-in when there is room)',
  request: { body: jsonBody(checkInInputSchema) },
  responses: { 201: jsonContent(checkInResultSchema, 'Created'), ...errorResponses },
});

const getSettingsRoute = studioRoute({
  method: 'get',
  path: '/api/schedule/settings',
  permission: 'schedule.view',
  tags,
  summary: "The studio's booking rules (the defaults until changed)",
  responses: { 200: jsonContent(scheduleSettingsSchema), ...errorResponses },
});

const putSettingsRoute = studioRoute({
  method: 'put',
  path: '/api/schedule/settings',
  permission: 'schedule.manage',
  tags,
  summary: "Change the studio's booking rules (owner, admin)",
  request: { body: jsonBody(scheduleSettingsSchema) },
  responses: { 200: jsonContent(scheduleSettingsSchema), ...errorResponses },
});

export function bookingRoutes() {
  const app = createRouter();
  app.openapi(
    rosterRoute,
    async (c) => c.json(await getRoster(c.get('studio'), c.req.valid('param').id), 200),
    idHook('Session'),
  );
  app.openapi(
    bookRoute,
    async (c) => {
      const studio = c.get('studio');
      const booking = await bookSession(studio, c.req.valid('param').id, c.req.valid('json'));
      return c.json(booking, 201);
    },
    idHook('Session'),
  );
  app.openapi(
    closeRoute,
    async (c) => c.json(await closeSession(c.get('studio'), c.req.valid('param').id), 200),
    idHook('Session'),
  );
  app.openapi(
    cancelRoute,
    async (c) => c.json(await cancelBooking(c.get('studio'), c.req.valid('param').id), 200),
    idHook('Booking'),
  );
  app.openapi(
    checkInBookingRoute,
    async (c) => {
      const studio = c.get('studio');
      const booking = await checkInBooking(studio, c.req.valid('param').id, c.req.valid('json'));
      return c.json(booking, 200);
    },
    idHook('Booking'),
  );
  app.openapi(
    undoCheckInRoute,
    async (c) => c.json(await undoCheckIn(c.get('studio'), c.req.valid('param').id), 200),
    idHook('Booking'),
  );
  app.openapi(
    memberBookingsRoute,
    async (c) => c.json(await listBookingsOfMember(c.get('studio'), c.req.valid('param').id), 200),
    idHook('Member'),
  );
  app.openapi(checkInRoute, async (c) =>
    c.json(await checkIn(c.get('studio'), c.req.valid('json')), 201),
  );
  app.openapi(getSettingsRoute, async (c) =>
    c.json(await getScheduleSettings(c.get('studio')), 200),
  );
  app.openapi(putSettingsRoute, async (c) => {
    const body = c.req.valid('json');
    // A penalty fee fits the studio's currency like any amount (ADR 0038), named by its path.
    const fee = (p: Penalty) => (p.kind === 'fee' ? p.amount : undefined);
    await fitsCurrency(
      c.get('studio'),
      {
        'lateCancelPenalty.amount': fee(body.lateCancelPenalty),
        'noShowPenalty.amount': fee(body.noShowPenalty),
      },
      ['lateCancelPenalty.amount', 'noShowPenalty.amount'],
    );
    return c.json(await saveScheduleSettings(c.get('studio'), body), 200);
  });
  return app;
}
