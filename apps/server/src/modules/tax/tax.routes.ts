import { z } from '@hono/zod-openapi';
import {
  taxRateInputSchema,
  taxRateUpdateSchema,
  taxSettingsSchema,
  taxSettingsUpdateSchema,
} from '@fitbase/domain/contracts/tax-rates';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { createTaxRate, getTaxSettings, updateTaxRate, updateTaxSettings } from './tax.service.ts';

const idParams = z.object({ id: z.uuid('Tax rate id must be a UUID') });

const getRoute = studioRoute({
  method: 'get',
  path: '/api/tax',
  permission: 'money.view',
  tags: ['Tax'],
  summary: "The studio's tax rates, its booking fees' rate and its rounding",
  responses: { 200: jsonContent(taxSettingsSchema), ...errorResponses },
});

const updateSettingsRoute = studioRoute({
  method: 'patch',
  path: '/api/tax',
  permission: 'money.manage',
  tags: ['Tax'],
  summary: "Choose the booking fees' tax rate or the rounding (owner, admin)",
  request: { body: jsonBody(taxSettingsUpdateSchema) },
  responses: { 200: jsonContent(taxSettingsSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/tax/rates',
  permission: 'money.manage',
  tags: ['Tax'],
  summary: 'Add a tax rate (owner, admin)',
  request: { body: jsonBody(taxRateInputSchema) },
  responses: { 201: jsonContent(taxSettingsSchema, 'Created'), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/tax/rates/{id}',
  permission: 'money.manage',
  tags: ['Tax'],
  summary:
    'Change or archive a tax rate; past sales keep the rate they were charged (owner, admin)',
  request: { params: idParams, body: jsonBody(taxRateUpdateSchema) },
  responses: { 200: jsonContent(taxSettingsSchema), ...errorResponses },
});

export function taxRoutes() {
  const app = createRouter();
  app.openapi(getRoute, async (c) => c.json(await getTaxSettings(c.get('studio')), 200));
  app.openapi(updateSettingsRoute, async (c) =>
    c.json(await updateTaxSettings(c.get('studio'), c.req.valid('json')), 200),
  );
  app.openapi(createRoute, async (c) =>
    c.json(await createTaxRate(c.get('studio'), c.req.valid('json')), 201),
  );
  app.openapi(updateRoute, async (c) =>
    c.json(await updateTaxRate(c.get('studio'), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  return app;
}
