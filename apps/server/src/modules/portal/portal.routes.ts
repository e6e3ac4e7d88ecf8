import { z } from '@hono/zod-openapi';
import {
  portalBookingSchema,
  portalBuySchema,
  portalCardInputSchema,
  portalCardSchema,
  portalCardsSchema,
  portalOffersSchema,
  portalPurchaseSchema,
  portalCheckInCodeSchema,
  portalProfileSchema,
  portalProfileUpdateSchema,
  portalEmbedInputSchema,
  portalEmbedSchema,
  portalMembershipCancelSchema,
  portalMembershipPauseSchema,
  portalMembershipPausedSchema,
  portalMembershipCancelTermsSchema,
  portalMembershipsSchema,
  portalBookingsSchema,
  portalCancelTermsSchema,
  portalCodeSentSchema,
  portalMeSchema,
  portalSendCodeSchema,
  portalSignInSchema,
  portalStudioSchema,
  portalWeekQuerySchema,
  portalWeekSchema,
} from '@fitbase/domain/contracts/portal';
import type { ZodError } from 'zod';
import type { Deps } from '../../http/types.ts';
import {
  memberRoute,
  publicRoute,
  studioRoute as staffRoute,
} from '../../context/declare-route.ts';
import { findPortalContext } from '../../context/member-session.queries.ts';
import { createWeekViewCache } from '../../context/week-view-cache.ts';
import {
  clearMemberCookie,
  portalStudio,
  setMemberCookie,
  studioNotFound,
} from '../../context/member-session.ts';
import { clientIp } from '../../http/client-ip.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import {
  portalCheckInCode,
  portalProfile,
  rotateCheckInCode,
  updatePortalProfile,
} from './portal-profile.service.ts';
import {
  addPortalCard,
  buyOffer,
  makeDefaultPortalCard,
  portalCards,
  portalOffers,
  removePortalCard,
} from './portal-buy.service.ts';
import { errorResponse } from '../../http/error-handler.ts';
import { findCardForPayment } from '../gift-cards/gift-cards.service.ts';
import { paymentFailedError } from '../payments/payments.service.ts';
import { getPortalEmbed, savePortalEmbed } from './portal-embed.service.ts';
import { portalWeek, publicWeek } from './portal-week.service.ts';
import {
  cancelPortalMembership,
  pausePortalMembership,
  portalMembershipCancelTerms,
  portalMemberships,
} from './portal-membership.service.ts';
import { signOutEverywhere, signOutHere } from './portal-sessions.queries.ts';
import { forgetMemberDevices } from '../web-push/web-push.service.ts';
import { sendPortalCode, signInToPortal } from './portal-sign-in.service.ts';
import {
  bookForMember,
  cancelForMember,
  portalBookings,
  portalCancelTerms,
  portalMe,
} from './portal.service.ts';

/** The members' own portal API (docs/product/member-portal.md). */

const tags = ['Member portal'];
const slug = z
  .string()
  .openapi({ param: { name: 'slug', in: 'path' }, description: 'Studio slug' });
const slugParams = z.object({ slug });
const idParams = (what: string) =>
  z.object({
    slug,
    id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: `${what} id` }),
  });
const sessionParams = idParams('Session');
const bookingParams = idParams('Booking');
const membershipParams = idParams('Membership');
const offerParams = idParams('Offer');
const cardParams = idParams('Card');

/** An id that cannot exist answers like an unknown one. */
const idHook =
  (what: string) => (result: { success: boolean; error?: unknown; target?: string }) => {
    if (result.success) return undefined;
    if (result.target === 'param') throw notFound(what);
    throw validationError(result.error as ZodError, result.target ?? 'request');
  };

const studioRoute = publicRoute({
  method: 'get',
  path: '/api/m/{slug}',
  tags,
  summary: "The studio's portal: its name, logo and time zone (before signing in)",
  request: { params: slugParams },
  responses: { 200: jsonContent(portalStudioSchema), ...errorResponses },
});

const sendCodeRoute = publicRoute({
  method: 'post',
  path: '/api/m/{slug}/send-code',
  tags,
  summary: "`Send code`: a one-time sign-in code to a member's email (same answer for any email)",
  request: { params: slugParams, body: jsonBody(portalSendCodeSchema) },
  responses: { 200: jsonContent(portalCodeSentSchema), ...errorResponses },
});

const signInRoute = publicRoute({
  method: 'post',
  path: '/api/m/{slug}/sign-in',
  tags,
  summary: '`Sign in` with the emailed code: a member session for this studio (cookie)',
  request: { params: slugParams, body: jsonBody(portalSignInSchema) },
  responses: { 200: jsonContent(portalMeSchema), ...errorResponses },
});

const meRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/me',
  tags,
  summary: 'The signed-in member',
  request: { params: slugParams },
  responses: { 200: jsonContent(portalMeSchema), ...errorResponses },
});

const signOutRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/sign-out',
  tags,
  summary: 'Sign out of this device',
  request: { params: slugParams },
  responses: { 204: { description: 'Signed out' }, ...errorResponses },
});

const signOutEverywhereRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/sign-out-everywhere',
  tags,
  summary: "Sign out everywhere: every session of this member in this studio's portal",
  request: { params: slugParams },
  responses: { 204: { description: 'Signed out everywhere' }, ...errorResponses },
});

const weekRoute = memberRoute(
  {
    method: 'get',
    path: '/api/m/{slug}/schedule',
    tags,
    summary: "The studio's classes for seven days, with places left and the member's own bookings",
    request: { params: slugParams, query: portalWeekQuerySchema },
    responses: { 200: jsonContent(portalWeekSchema), ...errorResponses },
  },
  // Reads only: on PostgreSQL, the read pool without a transaction (member-fast-path.ts).
  { readOnly: true },
);

const bookRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/sessions/{id}/book',
  tags,
  summary: '`Book` a class, or `Join waitlist` when it is full',
  request: { params: sessionParams },
  responses: { 201: jsonContent(portalBookingSchema, 'Created'), ...errorResponses },
});

const bookingsRoute = memberRoute(
  {
    method: 'get',
    path: '/api/m/{slug}/bookings',
    tags,
    summary: "The member's upcoming bookings and waitlist places, and past visits",
    request: { params: slugParams },
    responses: { 200: jsonContent(portalBookingsSchema), ...errorResponses },
  },
  // Reads only: on PostgreSQL, the read pool without a transaction (member-fast-path.ts).
  { readOnly: true },
);

const cancelTermsRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/bookings/{id}/cancel-terms',
  tags,
  summary: "What cancelling now means under the studio's rules (late cancel or free until when)",
  request: { params: bookingParams },
  responses: { 200: jsonContent(portalCancelTermsSchema), ...errorResponses },
});

const cancelRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/bookings/{id}/cancel',
  tags,
  summary: '`Cancel booking`, applied as a staff cancel would be',
  request: { params: bookingParams },
  responses: { 200: jsonContent(portalBookingSchema), ...errorResponses },
});

const membershipsRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/memberships',
  tags,
  summary: "The member's current memberships and packs: status, next charge, credits left",
  request: { params: slugParams },
  responses: { 200: jsonContent(portalMembershipsSchema), ...errorResponses },
});

const membershipCancelTermsRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/memberships/{id}/cancel-terms',
  tags,
  summary: 'When the membership would end if cancelled now (minimum term, notice period)',
  request: { params: membershipParams },
  responses: { 200: jsonContent(portalMembershipCancelTermsSchema), ...errorResponses },
});

const membershipCancelRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/memberships/{id}/cancel',
  tags,
  summary: '`Cancel membership` online: it runs until its last day, which is emailed',
  request: { params: membershipParams, body: jsonBody(portalMembershipCancelSchema) },
  responses: { 200: jsonContent(portalMembershipCancelTermsSchema), ...errorResponses },
});

const publicWeekRoute = publicRoute({
  method: 'get',
  path: '/api/m/{slug}/classes',
  tags,
  summary: "The public schedule: the studio's classes for seven days, readable without signing in",
  request: { params: slugParams, query: portalWeekQuerySchema },
  responses: { 200: jsonContent(portalWeekSchema), ...errorResponses },
});

const getEmbedRoute = staffRoute({
  method: 'get',
  path: '/api/settings/portal-embed',
  permission: 'schedule.view',
  tags,
  summary:
    '`Embed on your website`: the public schedule address and the websites allowed to frame it',
  responses: { 200: jsonContent(portalEmbedSchema), ...errorResponses },
});

const putEmbedRoute = staffRoute({
  method: 'put',
  path: '/api/settings/portal-embed',
  permission: 'schedule.manage',
  tags,
  summary: 'The website origins allowed to frame the public schedule (owner, admin)',
  request: { body: jsonBody(portalEmbedInputSchema) },
  responses: { 200: jsonContent(portalEmbedSchema), ...errorResponses },
});

const membershipPauseRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/memberships/{id}/pause',
  tags,
  summary: "`Pause membership` from a first to a last paused day, within the studio's pause rules",
  request: { params: membershipParams, body: jsonBody(portalMembershipPauseSchema) },
  responses: { 200: jsonContent(portalMembershipPausedSchema), ...errorResponses },
});

const profileRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/profile',
  tags,
  summary: "The member's own contact details, emergency contact and marketing consent",
  request: { params: slugParams },
  responses: { 200: jsonContent(portalProfileSchema), ...errorResponses },
});

const profileUpdateRoute = memberRoute({
  method: 'patch',
  path: '/api/m/{slug}/profile',
  tags,
  summary: 'Change their contact details, emergency contact or marketing consent',
  request: { params: slugParams, body: jsonBody(portalProfileUpdateSchema) },
  responses: { 200: jsonContent(portalProfileSchema), ...errorResponses },
});

const checkInCodeRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/check-in-code',
  tags,
  summary: '`My check-in code`: what their QR code holds, for the kiosk',
  request: { params: slugParams },
  responses: { 200: jsonContent(portalCheckInCodeSchema), ...errorResponses },
});

const rotateCheckInCodeRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/check-in-code/rotate',
  tags,
  summary: 'A new check-in code: the old QR code stops working',
  request: { params: slugParams },
  responses: { 200: jsonContent(portalCheckInCodeSchema), ...errorResponses },
});

const offersRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/offers',
  tags,
  summary:
    'What the studio sells online: plans, class packs, drop-ins and trials marked Sold online',
  request: { params: slugParams },
  responses: { 200: jsonContent(portalOffersSchema), ...errorResponses },
});

const cardsRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/cards',
  tags,
  summary: "The member's cards on file (brand, last four, expiry)",
  request: { params: slugParams },
  responses: { 200: jsonContent(portalCardsSchema), ...errorResponses },
});

const addCardRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/cards',
  tags,
  summary: 'Add a card on file (last four, brand and expiry only)',
  request: { params: slugParams, body: jsonBody(portalCardInputSchema) },
  responses: { 201: jsonContent(portalCardSchema, 'Created'), ...errorResponses },
});

const defaultCardRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/cards/{id}/default',
  tags,
  summary: 'Make a card the default one: billing and purchases use it from now on',
  request: { params: cardParams },
  responses: { 200: jsonContent(portalCardsSchema), ...errorResponses },
});

const removeCardRoute = memberRoute({
  method: 'delete',
  path: '/api/m/{slug}/cards/{id}',
  tags,
  summary: 'Remove a card (the newest remaining one becomes the default)',
  request: { params: cardParams },
  responses: { 200: jsonContent(portalCardsSchema), ...errorResponses },
});

const buyRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/offers/{id}/buy',
  tags,
  summary:
    '`Buy` an offer with a card on file or a new card (409 card_declined keeps the failed payment)',
  request: { params: offerParams, body: jsonBody(portalBuySchema) },
  responses: {
    200: jsonContent(portalPurchaseSchema, 'The first purchase under this Idempotency-Key'),
    201: jsonContent(portalPurchaseSchema, 'Created'),
    ...errorResponses,
  },
});

export function portalRoutes(deps: Deps) {
  const app = createRouter();
  // The studio's week, shared by its members and its public schedule (portal-week.service.ts).
  const weekViews = createWeekViewCache(deps.database);
  app.openapi(studioRoute, async (c) => {
    const row = await findPortalContext(c.get('deps').database.db, c.req.valid('param').slug, null);
    if (!row) throw studioNotFound();
    return c.json(portalStudio(row), 200);
  });
  app.openapi(sendCodeRoute, async (c) => {
    const { slug: studio } = c.req.valid('param');
    const sent = await sendPortalCode(
      c.get('public'),
      studio,
      c.req.valid('json').email,
      clientIp(c),
    );
    return c.json(sent, 200);
  });
  app.openapi(signInRoute, async (c) => {
    const { slug: studio } = c.req.valid('param');
    const { token, me } = await signInToPortal(
      c.get('public'),
      studio,
      c.req.valid('json'),
      clientIp(c),
    );
    setMemberCookie(c, me.studio.slug, token);
    return c.json(me, 200);
  });
  app.openapi(meRoute, async (c) => c.json(await portalMe(c.get('member')), 200));
  app.openapi(signOutRoute, async (c) => {
    const member = c.get('member');
    await signOutHere(member.db, member.organizationId, member.sessionId);
    clearMemberCookie(c, member.studio.slug);
    return c.body(null, 204);
  });
  app.openapi(signOutEverywhereRoute, async (c) => {
    const member = c.get('member');
    await signOutEverywhere(member.db, member.organizationId, member.memberId);
    await forgetMemberDevices(member);
    clearMemberCookie(c, member.studio.slug);
    return c.body(null, 204);
  });
  app.openapi(weekRoute, async (c) =>
    c.json(await portalWeek(c.get('member'), c.req.valid('query'), { cache: weekViews }), 200),
  );
  app.openapi(
    bookRoute,
    async (c) => c.json(await bookForMember(c.get('member'), c.req.valid('param').id), 201),
    idHook('Session'),
  );
  app.openapi(bookingsRoute, async (c) => c.json(await portalBookings(c.get('member')), 200));
  app.openapi(
    cancelTermsRoute,
    async (c) => c.json(await portalCancelTerms(c.get('member'), c.req.valid('param').id), 200),
    idHook('Booking'),
  );
  app.openapi(
    cancelRoute,
    async (c) => c.json(await cancelForMember(c.get('member'), c.req.valid('param').id), 200),
    idHook('Booking'),
  );
  app.openapi(publicWeekRoute, async (c) => {
    const { slug: studio } = c.req.valid('param');
    const query = c.req.valid('query');
    return c.json(await publicWeek(c.get('public'), studio, query, { cache: weekViews }), 200);
  });
  app.openapi(getEmbedRoute, async (c) =>
    c.json(await getPortalEmbed(c.get('studio'), c.get('deps').config.appUrl), 200),
  );
  app.openapi(putEmbedRoute, async (c) => {
    const { appUrl } = c.get('deps').config;
    return c.json(await savePortalEmbed(c.get('studio'), c.req.valid('json'), appUrl), 200);
  });
  app.openapi(membershipsRoute, async (c) => c.json(await portalMemberships(c.get('member')), 200));
  app.openapi(
    membershipCancelTermsRoute,
    async (c) =>
      c.json(await portalMembershipCancelTerms(c.get('member'), c.req.valid('param').id), 200),
    idHook('Membership'),
  );
  app.openapi(
    membershipCancelRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await cancelPortalMembership(c.get('member'), id, c.req.valid('json')), 200);
    },
    idHook('Membership'),
  );
  app.openapi(offersRoute, async (c) => c.json(await portalOffers(c.get('member')), 200));
  app.openapi(cardsRoute, async (c) => c.json(await portalCards(c.get('member')), 200));
  app.openapi(addCardRoute, async (c) =>
    c.json(await addPortalCard(c.get('member'), c.req.valid('json')), 201),
  );
  app.openapi(
    defaultCardRoute,
    async (c) => c.json(await makeDefaultPortalCard(c.get('member'), c.req.valid('param').id), 200),
    idHook('Card'),
  );
  app.openapi(
    removeCardRoute,
    async (c) => c.json(await removePortalCard(c.get('member'), c.req.valid('param').id), 200),
    idHook('Card'),
  );
  app.openapi(
    buyRoute,
    async (c) => {
      const key = c.req.header('idempotency-key')?.trim().slice(0, 200) || null;
      const { id } = c.req.valid('param');
      const member = c.get('member');
      const body = c.req.valid('json');
      // A gift card code is checked (its card locked) first; a wrong one is answered, not
      // thrown, so its count against the client commits (gift-cards.service.ts).
      const gift = body.giftCardCode
        ? await findCardForPayment(member, body.giftCardCode, {
            ip: clientIp(c),
            actor: `member:${member.memberId}`,
          })
        : null;
      if (gift && !gift.ok) return errorResponse(c, gift.error) as never;
      const result = await buyOffer(member, id, body, key, gift?.card ?? null);
      // A decline is answered without rolling back: the failed payment stays, as at the desk.
      if (!result.ok) return errorResponse(c, paymentFailedError(result.failure)) as never;
      return c.json(result.purchase, result.replay ? 200 : 201);
    },
    idHook('Offer'),
  );
  app.openapi(profileRoute, async (c) => c.json(await portalProfile(c.get('member')), 200));
  app.openapi(profileUpdateRoute, async (c) =>
    c.json(await updatePortalProfile(c.get('member'), c.req.valid('json')), 200),
  );
  app.openapi(checkInCodeRoute, async (c) => c.json(await portalCheckInCode(c.get('member')), 200));
  app.openapi(rotateCheckInCodeRoute, async (c) =>
    c.json(await rotateCheckInCode(c.get('member')), 200),
  );
  app.openapi(
    membershipPauseRoute,
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await pausePortalMembership(c.get('member'), id, c.req.valid('json')), 200);
    },
    idHook('Membership'),
  );
  return app;
}
