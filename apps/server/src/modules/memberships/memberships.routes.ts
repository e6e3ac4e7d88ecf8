import { z } from '@hono/zod-openapi';
import {
  memberMembershipsSchema,
  membershipCancelSchema,
  membershipPauseSchema,
  membershipRenewSchema,
  membershipSchema,
  membershipSellSchema,
} from '@fitbase/domain/contracts/plans';
import { membershipRulesSchema } from '@fitbase/domain/contracts/membership-rules';
import {
  planChangePreviewSchema,
  planChangeQuerySchema,
  planChangeSchema,
} from '@fitbase/domain/contracts/plan-change';
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { studioRoute } from '../../context/declare-route.ts';
import { errorResponse, validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { paymentFailedError } from '../payments/payments.service.ts';
import {
  cancelMembership,
  pauseMembership,
  resumeMembership,
} from './membership-changes.service.ts';
import { getMembershipRules, saveMembershipRules } from './membership-rules.service.ts';
import { changePlan, previewPlanChange } from './plan-change.service.ts';
import {
  listMemberMemberships,
  renewMembership,
  sellMembership,
  type SaleResult,
} from './memberships.service.ts';

const tags = ['Memberships'];
const idParams = z.object({ id: z.uuid('Membership id must be a UUID') });
const memberIdParams = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: 'Member id' }),
});

/** A member id that cannot exist answers like an unknown one (docs/product/tenancy.md). */
function memberIdHook(result: { success: boolean; error?: unknown; target?: string }): undefined {
  if (result.success) return undefined;
  if (result.target === 'param') throw notFound('Member');
  throw validationError(result.error as ZodError, result.target ?? 'request');
}

const listRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}/memberships',
  permission: 'money.view',
  tags,
  summary: "A member's memberships (current first) and what they owe",
  request: { params: memberIdParams },
  responses: { 200: jsonContent(memberMembershipsSchema), ...errorResponses },
});

const sellRoute = studioRoute({
  method: 'post',
  path: '/api/members/{id}/memberships',
  permission: 'money.sell',
  tags,
  summary:
    'Sell a plan: first period and sign-up fee charged now (409 card_declined keeps the failed payment)',
  request: { params: memberIdParams, body: jsonBody(membershipSellSchema) },
  responses: { 201: jsonContent(membershipSchema, 'Created'), ...errorResponses },
});

const pauseRoute = studioRoute({
  method: 'post',
  path: '/api/memberships/{id}/pause',
  permission: 'money.sell',
  tags,
  summary: 'Pause from today until the resume date (billing and end dates move by the pause)',
  request: { params: idParams, body: jsonBody(membershipPauseSchema) },
  responses: { 200: jsonContent(membershipSchema), ...errorResponses },
});

const resumeRoute = studioRoute({
  method: 'post',
  path: '/api/memberships/{id}/resume',
  permission: 'money.sell',
  tags,
  summary: 'Resume a paused membership now (unused pause days come off the dates)',
  request: { params: idParams },
  responses: { 200: jsonContent(membershipSchema), ...errorResponses },
});

const cancelRoute = studioRoute({
  method: 'post',
  path: '/api/memberships/{id}/cancel',
  permission: 'money.sell',
  tags,
  summary: 'Cancel now or at the end of the period, with a reason (minimum term enforced)',
  request: { params: idParams, body: jsonBody(membershipCancelSchema) },
  responses: { 200: jsonContent(membershipSchema), ...errorResponses },
});

const renewRoute = studioRoute({
  method: 'post',
  path: '/api/memberships/{id}/renew',
  permission: 'money.sell',
  tags,
  summary: 'Renew a class pack or an ended membership: a new membership of the plan, charged now',
  request: { params: idParams, body: jsonBody(membershipRenewSchema) },
  responses: { 201: jsonContent(membershipSchema, 'Created'), ...errorResponses },
});

const planChangePreviewRoute = studioRoute({
  method: 'get',
  path: '/api/memberships/{id}/plan-change',
  permission: 'money.sell',
  tags,
  summary:
    "What changing a running membership's plan would credit and charge, from today or from the next billing date",
  request: { params: idParams, query: planChangeQuerySchema },
  responses: { 200: jsonContent(planChangePreviewSchema), ...errorResponses },
});

const changePlanRoute = studioRoute({
  method: 'post',
  path: '/api/memberships/{id}/change-plan',
  permission: 'money.sell',
  tags,
  summary:
    'Change the plan: from today (unused days refunded, the new plan charged now) or from the next billing date; the confirmed amounts must match the preview',
  request: { params: idParams, body: jsonBody(planChangeSchema) },
  responses: { 201: jsonContent(membershipSchema, 'Created'), ...errorResponses },
});

/**
 * A declined card is answered 409 without throwing: the request's transaction then commits, so
 * the failed payment stays on record (docs/product/money-and-store.md#plans-and-memberships).
 */
function saleResponse(c: Context<AppEnv>, result: SaleResult) {
  if (!result.ok) return errorResponse(c, paymentFailedError(result.failure)) as never;
  return c.json(result.membership, 201);
}

const getRulesRoute = studioRoute({
  method: 'get',
  path: '/api/settings/membership-rules',
  permission: 'money.view',
  tags,
  summary:
    "The studio's rules for members' own membership changes (the notice a cancellation needs)",
  responses: { 200: jsonContent(membershipRulesSchema), ...errorResponses },
});

const putRulesRoute = studioRoute({
  method: 'put',
  path: '/api/settings/membership-rules',
  permission: 'money.manage',
  tags,
  summary: "Change the studio's rules for members' own membership changes (owner, admin)",
  request: { body: jsonBody(membershipRulesSchema) },
  responses: { 200: jsonContent(membershipRulesSchema), ...errorResponses },
});

export function membershipRoutes() {
  const app = createRouter();
  app.openapi(getRulesRoute, async (c) => c.json(await getMembershipRules(c.get('studio')), 200));
  app.openapi(putRulesRoute, async (c) =>
    c.json(await saveMembershipRules(c.get('studio'), c.req.valid('json')), 200),
  );
  app.openapi(
    listRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await listMemberMemberships(c.get('studio'), id), 200);
    },
    memberIdHook,
  );
  app.openapi(
    sellRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      const studio = c.get('studio');
      return saleResponse(c, await sellMembership(studio, id, c.req.valid('json')));
    },
    memberIdHook,
  );
  app.openapi(pauseRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await pauseMembership(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(resumeRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await resumeMembership(studio, c.req.valid('param').id), 200);
  });
  app.openapi(cancelRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await cancelMembership(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(renewRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return saleResponse(c, await renewMembership(studio, id, c.req.valid('json')));
  });
  app.openapi(planChangePreviewRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await previewPlanChange(c.get('studio'), id, c.req.valid('query')), 200);
  });
  app.openapi(changePlanRoute, async (c) => {
    const { id } = c.req.valid('param');
    return saleResponse(c, await changePlan(c.get('studio'), id, c.req.valid('json')));
  });
  return app;
}
