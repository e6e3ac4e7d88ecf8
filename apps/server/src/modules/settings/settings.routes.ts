import { z } from '@hono/zod-openapi';
import {
  billingSchema,
  changePlanSchema,
  generalSettingsSchema,
  generalSettingsUpdateSchema,
  logoResultSchema,
} from '@fitbase/domain/contracts/settings';
import { LOGO_MAX_BYTES } from '@fitbase/domain/settings-constants';
import { publicRoute, studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  changePlan,
  findPublicLogo,
  getBilling,
  getGeneralSettings,
  removeLogo,
  setCancelAtPeriodEnd,
  updateGeneralSettings,
  uploadLogo,
} from './settings.service.ts';

const tags = ['Settings'];

const generalRoute = studioRoute({
  method: 'get',
  path: '/api/settings/general',
  permission: 'studio.access',
  tags,
  summary: "The studio's profile, branding and read-only studio rules (every staff member)",
  responses: { 200: jsonContent(generalSettingsSchema), ...errorResponses },
});

const updateGeneralRoute = studioRoute({
  method: 'patch',
  path: '/api/settings/general',
  permission: 'organization.settings',
  tags,
  summary:
    'Change the studio profile; a new URL slug keeps the old one as a redirect, a primary colour below 4.5:1 with white text is refused',
  request: { body: jsonBody(generalSettingsUpdateSchema) },
  responses: { 200: jsonContent(generalSettingsSchema), ...errorResponses },
});

const uploadLogoRoute = studioRoute({
  method: 'post',
  path: '/api/settings/logo',
  permission: 'organization.settings',
  tags,
  summary: `Upload the studio logo as the raw request body (PNG, JPEG, WebP or SVG, checked by content; at most ${LOGO_MAX_BYTES / (1024 * 1024)} MB); resized to fit 512×512`,
  responses: { 200: jsonContent(logoResultSchema), ...errorResponses },
});

const deleteLogoRoute = studioRoute({
  method: 'delete',
  path: '/api/settings/logo',
  permission: 'organization.settings',
  tags,
  summary: 'Remove the studio logo',
  responses: { 200: jsonContent(logoResultSchema), ...errorResponses },
});

const logoRoute = publicRoute({
  method: 'get',
  path: '/api/logos/{hash}',
  tags,
  summary: 'A studio logo by content hash (cached for a year: a new logo has a new URL)',
  request: {
    params: z.object({
      hash: z
        .string()
        .max(64)
        .openapi({ param: { name: 'hash', in: 'path' } }),
    }),
  },
  responses: {
    200: { description: 'The logo', content: { 'image/png': { schema: z.string() } } },
    ...errorResponses,
  },
});

const billingRoute = studioRoute({
  method: 'get',
  path: '/api/settings/billing',
  permission: 'organization.billing',
  tags,
  summary: "The studio's FitBase plan, member limit and use, billing period and invoices",
  responses: { 200: jsonContent(billingSchema), ...errorResponses },
});

const changePlanRoute = studioRoute({
  method: 'post',
  path: '/api/settings/billing/plan',
  permission: 'organization.billing',
  tags,
  summary: 'Change plan now (a plan below the current member count is refused)',
  request: { body: jsonBody(changePlanSchema) },
  responses: { 200: jsonContent(billingSchema), ...errorResponses },
});

const cancelRoute = studioRoute({
  method: 'post',
  path: '/api/settings/billing/cancel',
  permission: 'organization.billing',
  tags,
  summary: 'Cancel the subscription at the end of the current period',
  responses: { 200: jsonContent(billingSchema), ...errorResponses },
});

const resumeRoute = studioRoute({
  method: 'post',
  path: '/api/settings/billing/resume',
  permission: 'organization.billing',
  tags,
  summary: 'Keep the subscription renewing (undo a cancellation at period end)',
  responses: { 200: jsonContent(billingSchema), ...errorResponses },
});

export function settingsRoutes() {
  const app = createRouter();
  app.openapi(generalRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await getGeneralSettings(studio), 200);
  });
  app.openapi(updateGeneralRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await updateGeneralSettings(studio, c.req.valid('json')), 200);
  });
  app.openapi(uploadLogoRoute, async (c) => {
    const studio = c.get('studio');
    const bytes = Buffer.from(await c.req.arrayBuffer());
    if (bytes.length === 0)
      throw new AppError('validation_error', 'Choose an image file for the logo.');
    return c.json(await uploadLogo(studio, bytes), 200);
  });
  app.openapi(deleteLogoRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await removeLogo(studio), 200);
  });
  app.openapi(logoRoute, async (c) => {
    const logo = await findPublicLogo(c.get('public'), c.req.valid('param').hash);
    if (!logo) throw notFound('Logo');
    return c.body(new Uint8Array(logo.data), 200, {
      'Content-Type': logo.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  app.openapi(billingRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await getBilling(studio), 200);
  });
  app.openapi(changePlanRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await changePlan(studio, c.req.valid('json')), 200);
  });
  app.openapi(cancelRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await setCancelAtPeriodEnd(studio, true), 200);
  });
  app.openapi(resumeRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await setCancelAtPeriodEnd(studio, false), 200);
  });
  return app;
}
