import { z } from '@hono/zod-openapi';
import {
  kioskCheckInInputSchema,
  kioskCheckInResultSchema,
  kioskMeSchema,
  kioskPairedSchema,
  kioskPairInputSchema,
  kioskRosterSchema,
  kioskSyncInputSchema,
  kioskSyncResultSchema,
  portalKioskAccessSchema,
  portalKioskPinSchema,
} from '@fitbase/domain/contracts/kiosk';
import { kioskRoute, memberRoute, publicRoute } from '../../context/declare-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { errorResponse } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { kioskCheckIn } from './kiosk-check-in.service.ts';
import { kioskMe, pairDevice } from './kiosk-pairing.service.ts';
import { clearKioskPin, portalKioskAccess, setKioskPin } from './kiosk-pin.service.ts';
import { kioskRoster } from './kiosk-roster.service.ts';
import { kioskStaffRoutes } from './kiosk-staff.routes.ts';
import { syncCheckIns } from './kiosk-sync.service.ts';

/** The kiosk device's API and the member's kiosk PIN (docs/product/kiosk.md). */

const tags = ['Kiosk'];

const pairRoute = publicRoute({
  method: 'post',
  path: '/api/kiosk/pair',
  tags,
  summary: "The device's side of pairing: the code shown in Settings › Kiosks for its token",
  request: { body: jsonBody(kioskPairInputSchema) },
  responses: { 200: jsonContent(kioskPairedSchema), ...errorResponses },
});

const meRoute = kioskRoute({
  method: 'get',
  path: '/api/kiosk/me',
  tags,
  summary: 'The paired kiosk, its studio and how it identifies members (with the PIN salt)',
  responses: { 200: jsonContent(kioskMeSchema), ...errorResponses },
});

const rosterRoute = kioskRoute({
  method: 'get',
  path: '/api/kiosk/roster',
  tags,
  summary:
    "The kiosk's cached list: today's sessions, every member's number, first name, photo, code and PIN hashes and state, today's bookings",
  responses: { 200: jsonContent(kioskRosterSchema), ...errorResponses },
});

const checkInRoute = kioskRoute({
  method: 'post',
  path: '/api/kiosk/check-ins',
  tags,
  summary:
    'Check a member in by code, PIN or member number: their booking in the check-in window, a walk-in or a visit',
  request: { body: jsonBody(kioskCheckInInputSchema) },
  responses: { 200: jsonContent(kioskCheckInResultSchema), ...errorResponses },
});

const syncRoute = kioskRoute({
  method: 'post',
  path: '/api/kiosk/check-ins/sync',
  tags,
  summary:
    "The kiosk's offline queue: each check-in once, at its original time; refusals recorded as exceptions",
  request: { body: jsonBody(kioskSyncInputSchema) },
  responses: { 200: jsonContent(kioskSyncResultSchema), ...errorResponses },
});

const portalTags = ['Member portal'];
const slugParams = z.object({
  slug: z.string().openapi({ param: { name: 'slug', in: 'path' }, description: 'Studio slug' }),
});

const pinRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/kiosk-pin',
  tags: portalTags,
  summary: '`Kiosk PIN`: how the kiosk knows the member without a QR code',
  request: { params: slugParams },
  responses: { 200: jsonContent(portalKioskAccessSchema), ...errorResponses },
});

const setPinRoute = memberRoute({
  method: 'put',
  path: '/api/m/{slug}/kiosk-pin',
  tags: portalTags,
  summary: 'Set the 4-digit PIN typed at the kiosk after the last 4 digits of the phone',
  request: { params: slugParams, body: jsonBody(portalKioskPinSchema) },
  responses: { 200: jsonContent(portalKioskAccessSchema), ...errorResponses },
});

const clearPinRoute = memberRoute({
  method: 'delete',
  path: '/api/m/{slug}/kiosk-pin',
  tags: portalTags,
  summary: 'Remove the kiosk PIN',
  request: { params: slugParams },
  responses: { 200: jsonContent(portalKioskAccessSchema), ...errorResponses },
});

export function kioskRoutes() {
  const app = createRouter();
  app.route('/', kioskStaffRoutes());
  app.openapi(pairRoute, async (c) =>
    c.json(await pairDevice(c.get('public'), c.req.valid('json').code, clientIp(c)), 200),
  );
  app.openapi(meRoute, async (c) => c.json(await kioskMe(c.get('kiosk')), 200));
  app.openapi(rosterRoute, async (c) => c.json(await kioskRoster(c.get('kiosk')), 200));
  app.openapi(checkInRoute, async (c) => {
    const outcome = await kioskCheckIn(c.get('kiosk'), c.req.valid('json'));
    // Answered, not thrown: the guard would roll back the failed try this counted.
    if (!outcome.ok) return errorResponse(c, outcome.error) as never;
    return c.json(outcome.result, 200);
  });
  app.openapi(syncRoute, async (c) =>
    c.json(await syncCheckIns(c.get('kiosk'), c.req.valid('json')), 200),
  );
  app.openapi(pinRoute, async (c) => c.json(await portalKioskAccess(c.get('member')), 200));
  app.openapi(setPinRoute, async (c) =>
    c.json(await setKioskPin(c.get('member'), c.req.valid('json').pin), 200),
  );
  app.openapi(clearPinRoute, async (c) => c.json(await clearKioskPin(c.get('member')), 200));
  return app;
}
