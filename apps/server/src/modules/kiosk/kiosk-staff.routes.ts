import { z } from '@hono/zod-openapi';
import {
  kioskExceptionQuerySchema,
  kioskExceptionSchema,
  kioskPairingSchema,
  kioskSchema,
  kioskSettingsSchema,
  pairKioskInputSchema,
} from '@fitbase/domain/contracts/kiosk';
import type { ZodError } from 'zod';
import { studioRoute } from '../../context/declare-route.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import { listKioskExceptions, resolveKioskException } from './kiosk-exceptions.service.ts';
import {
  getKioskSettings,
  listKiosks,
  pairKiosk,
  revokeKiosk,
  saveKioskSettings,
} from './kiosk-pairing.service.ts';

/** Settings › Kiosks and `Kiosk exceptions` (docs/product/kiosk.md). */

const tags = ['Kiosks'];
const idParams = (what: string) =>
  z.object({
    id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: `${what} id` }),
  });

/** An id that cannot exist answers like an unknown one (docs/product/tenancy.md). */
const idHook =
  (what: string) => (result: { success: boolean; error?: unknown; target?: string }) => {
    if (result.success) return undefined;
    if (result.target === 'param') throw notFound(what);
    throw validationError(result.error as ZodError, result.target ?? 'request');
  };

const listRoute = studioRoute({
  method: 'get',
  path: '/api/kiosks',
  permission: 'organization.settings',
  tags,
  summary: "The studio's kiosks: waiting for their device, paired (last seen) or revoked",
  responses: { 200: jsonContent(z.object({ kiosks: z.array(kioskSchema) })), ...errorResponses },
});

const pairRoute = studioRoute({
  method: 'post',
  path: '/api/kiosks',
  permission: 'organization.settings',
  tags,
  summary: '`Pair a kiosk`: a kiosk and its pairing code, shown this once, usable once',
  request: { body: jsonBody(pairKioskInputSchema) },
  responses: { 201: jsonContent(kioskPairingSchema, 'Created'), ...errorResponses },
});

const revokeRoute = studioRoute({
  method: 'post',
  path: '/api/kiosks/{id}/revoke',
  permission: 'organization.settings',
  tags,
  summary: '`Revoke`: the device stops at its next request ("This kiosk was unpaired")',
  request: { params: idParams('Kiosk') },
  responses: { 200: jsonContent(kioskSchema), ...errorResponses },
});

const getSettingsRoute = studioRoute({
  method: 'get',
  path: '/api/kiosk-settings',
  permission: 'organization.settings',
  tags,
  summary: 'How members identify at the kiosk without a QR code, and the check-in window',
  responses: { 200: jsonContent(kioskSettingsSchema), ...errorResponses },
});

const putSettingsRoute = studioRoute({
  method: 'put',
  path: '/api/kiosk-settings',
  permission: 'organization.settings',
  tags,
  summary: "Save the studio's kiosk settings",
  request: { body: jsonBody(kioskSettingsSchema) },
  responses: { 200: jsonContent(kioskSettingsSchema), ...errorResponses },
});

const exceptionsRoute = studioRoute({
  method: 'get',
  path: '/api/kiosk-exceptions',
  permission: 'members.view',
  tags,
  summary:
    "`Kiosk exceptions`: check-ins sent from a kiosk's offline queue that the server would have refused, recorded anyway",
  request: { query: kioskExceptionQuerySchema },
  responses: {
    200: jsonContent(z.object({ exceptions: z.array(kioskExceptionSchema) })),
    ...errorResponses,
  },
});

const resolveRoute = studioRoute({
  method: 'post',
  path: '/api/kiosk-exceptions/{id}/resolve',
  permission: 'visits.create',
  tags,
  summary: 'Mark a kiosk exception resolved',
  request: { params: idParams('Kiosk exception') },
  responses: { 200: jsonContent(kioskExceptionSchema), ...errorResponses },
});

export function kioskStaffRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => c.json(await listKiosks(c.get('studio')), 200));
  app.openapi(pairRoute, async (c) =>
    c.json(await pairKiosk(c.get('studio'), c.req.valid('json'), c.get('deps').config.appUrl), 201),
  );
  app.openapi(
    revokeRoute,
    async (c) => c.json(await revokeKiosk(c.get('studio'), c.req.valid('param').id), 200),
    idHook('Kiosk'),
  );
  app.openapi(getSettingsRoute, async (c) => c.json(await getKioskSettings(c.get('studio')), 200));
  app.openapi(putSettingsRoute, async (c) =>
    c.json(await saveKioskSettings(c.get('studio'), c.req.valid('json')), 200),
  );
  app.openapi(exceptionsRoute, async (c) =>
    c.json(await listKioskExceptions(c.get('studio'), c.req.valid('query').status), 200),
  );
  app.openapi(
    resolveRoute,
    async (c) => c.json(await resolveKioskException(c.get('studio'), c.req.valid('param').id), 200),
    idHook('Kiosk exception'),
  );
  return app;
}
