import { z } from '@hono/zod-openapi';
import {
  portalWaiverSchema,
  portalWaiverSignSchema,
  waiverAdminSchema,
  waiverSettingsSchema,
  waiverSignaturesSchema,
  waiverVersionInputSchema,
  waiverVersionSchema,
} from '@fitbase/domain/contracts/waivers';
import type { ZodError } from 'zod';
import { memberRoute, studioRoute } from '../../context/declare-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import {
  createWaiverVersion,
  getWaiverAdmin,
  listMemberSignatures,
  portalWaiver,
  saveWaiverSettings,
  signaturePdf,
  signWaiver,
} from './waivers.service.ts';

/** Waivers (docs/product/waivers.md): Settings → Waivers, members' signatures, the portal page. */

const tags = ['Waivers'];
const uuidParam = (name: string, description: string) =>
  z.uuid().openapi({ param: { name, in: 'path' }, description });
const memberParams = z.object({ id: uuidParam('id', 'Member id') });
const memberSignatureParams = z.object({
  id: uuidParam('id', 'Member id'),
  signatureId: uuidParam('signatureId', 'Signature id'),
});
const slug = z
  .string()
  .openapi({ param: { name: 'slug', in: 'path' }, description: 'Studio slug' });
const slugParams = z.object({ slug });
const ownSignatureParams = z.object({ slug, id: uuidParam('id', 'Signature id') });

/** An id that cannot exist answers like an unknown one. */
const idHook =
  (what: string) => (result: { success: boolean; error?: unknown; target?: string }) => {
    if (result.success) return undefined;
    if (result.target === 'param') throw notFound(what);
    throw validationError(result.error as ZodError, result.target ?? 'request');
  };

const pdfResponse = {
  200: {
    description: 'The signed waiver as a PDF',
    content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
  },
  ...errorResponses,
};

const getAdminRoute = studioRoute({
  method: 'get',
  path: '/api/settings/waivers',
  permission: 'organization.settings',
  tags,
  summary:
    "The studio's waiver: current version, every version with its signatures, the booking rule",
  responses: { 200: jsonContent(waiverAdminSchema), ...errorResponses },
});

const createVersionRoute = studioRoute({
  method: 'post',
  path: '/api/settings/waivers/versions',
  permission: 'organization.settings',
  tags,
  summary: '`New version` of the waiver (earlier versions are never changed)',
  request: { body: jsonBody(waiverVersionInputSchema) },
  responses: { 201: jsonContent(waiverVersionSchema, 'Created'), ...errorResponses },
});

const putSettingsRoute = studioRoute({
  method: 'put',
  path: '/api/settings/waivers/settings',
  permission: 'organization.settings',
  tags,
  summary: 'Whether booking needs a signed current version',
  request: { body: jsonBody(waiverSettingsSchema) },
  responses: { 200: jsonContent(waiverAdminSchema), ...errorResponses },
});

const memberSignaturesRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}/waiver-signatures',
  permission: 'members.view',
  tags,
  summary: "A member's waiver signatures, newest first",
  request: { params: memberParams },
  responses: { 200: jsonContent(waiverSignaturesSchema), ...errorResponses },
});

const memberSignaturePdfRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}/waiver-signatures/{signatureId}/pdf',
  permission: 'members.view',
  tags,
  summary: "A member's signed waiver as a PDF",
  request: { params: memberSignatureParams },
  responses: pdfResponse,
});

const portalWaiverRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/waiver',
  tags,
  summary: "The studio's current waiver and whether the member signed it",
  request: { params: slugParams },
  responses: { 200: jsonContent(portalWaiverSchema), ...errorResponses },
});

const portalSignRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/waiver/sign',
  tags,
  summary:
    '`Sign waiver` with the typed full name (and a parent or guardian for a member under 18)',
  request: { params: slugParams, body: jsonBody(portalWaiverSignSchema) },
  responses: { 201: jsonContent(portalWaiverSchema, 'Signed'), ...errorResponses },
});

const portalSignaturesRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/waiver-signatures',
  tags,
  summary: "The member's own waiver signatures, newest first",
  request: { params: slugParams },
  responses: { 200: jsonContent(waiverSignaturesSchema), ...errorResponses },
});

const portalSignaturePdfRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/waiver-signatures/{id}/pdf',
  tags,
  summary: 'One of the member’s own signed waivers as a PDF',
  request: { params: ownSignatureParams },
  responses: pdfResponse,
});

function pdfBody({ filename, pdf }: { filename: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

export function waiverRoutes() {
  const app = createRouter();
  app.openapi(getAdminRoute, async (c) => c.json(await getWaiverAdmin(c.get('studio')), 200));
  app.openapi(createVersionRoute, async (c) =>
    c.json(await createWaiverVersion(c.get('studio'), c.req.valid('json')), 201),
  );
  app.openapi(putSettingsRoute, async (c) =>
    c.json(await saveWaiverSettings(c.get('studio'), c.req.valid('json')), 200),
  );
  app.openapi(
    memberSignaturesRoute,
    async (c) => c.json(await listMemberSignatures(c.get('studio'), c.req.valid('param').id), 200),
    idHook('Member'),
  );
  app.openapi(
    memberSignaturePdfRoute,
    async (c) => {
      const { id, signatureId } = c.req.valid('param');
      return pdfBody(await signaturePdf(c.get('studio'), id, signatureId));
    },
    idHook('Signature'),
  );
  app.openapi(portalWaiverRoute, async (c) => c.json(await portalWaiver(c.get('member')), 200));
  app.openapi(portalSignRoute, async (c) => {
    const member = c.get('member');
    const input = c.req.valid('json');
    await signWaiver(member, {
      memberId: member.memberId,
      waiverId: input.waiverId,
      signedName: input.fullName,
      guardianName: input.guardianName ?? null,
      ipAddress: clientIp(c),
      userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
    });
    return c.json(await portalWaiver(member), 201);
  });
  app.openapi(portalSignaturesRoute, async (c) => {
    const member = c.get('member');
    return c.json(await listMemberSignatures(member, member.memberId), 200);
  });
  app.openapi(
    portalSignaturePdfRoute,
    async (c) => {
      const member = c.get('member');
      return pdfBody(await signaturePdf(member, member.memberId, c.req.valid('param').id));
    },
    idHook('Signature'),
  );
  return app;
}
