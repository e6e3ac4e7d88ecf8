import { existsSync } from 'node:fs';
import { authRoute } from './auth/auth-route.ts';
import { DOCS_PAGE_CSP, renderDocsPage } from './http/docs-page.ts';
import { errorResponse } from './http/error-handler.ts';
import { requestContext } from './http/middleware/request-context.ts';
import { limitBody, rejectInvalidText } from './http/middleware/request-limits.ts';
import { metricsHandler, recordRequestMetrics } from './http/metrics-route.ts';
import { readyHandler } from './http/readiness.ts';
import { sameOriginOnly, securityHeaders } from './http/middleware/security.ts';
import { createRouter } from './http/openapi.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './http/openapi-document.ts';
import { markPublic } from './http/public-routes.ts';
import type { Deps } from './http/types.ts';
import { compressResponses, serveWebApp } from './http/web-app.ts';
import { AppError } from './lib/errors.ts';
import { startProcessMetrics, watchDatabase } from './lib/metrics.ts';
import { authenticate } from './context/authenticate.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { appointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { bookingRoutes } from './modules/bookings/bookings.routes.ts';
import { campaignRoutes } from './modules/campaigns/campaigns.routes.ts';
import { trackingRoutes } from './modules/campaigns/tracking.routes.ts';
import { emailTemplateRoutes } from './modules/email-templates/email-templates.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { discountRoutes } from './modules/discounts/discounts.routes.ts';
import { taxRoutes } from './modules/tax/tax.routes.ts';
import { leadRoutes } from './modules/leads/leads.routes.ts';
import { pushNotificationRoutes } from './modules/push-notifications/push-notifications.routes.ts';
import { webPushRoutes } from './modules/web-push/web-push.routes.ts';
import { manageRoutes } from './modules/manage/manage.routes.ts';
import { memberRoutes } from './modules/members/members.routes.ts';
import { householdRoutes } from './modules/households/households.routes.ts';
import { membershipRoutes } from './modules/memberships/memberships.routes.ts';
import { waiverRoutes } from './modules/waivers/waivers.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { payRateRoutes } from './modules/pay-rates/pay-rates.routes.ts';
import { conversationRoutes } from './modules/conversations/conversations.routes.ts';
import { ownerPortalRoutes } from './modules/owner-portal/owner-portal.routes.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { receiptRoutes } from './modules/receipts/receipts.routes.ts';
import { planRoutes } from './modules/plans/plans.routes.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { serviceRoutes } from './modules/services/services.routes.ts';
import { audienceRoutes } from './modules/audiences/audiences.routes.ts';
import { orderRoutes } from './modules/store/orders.routes.ts';
import { giftCardRoutes } from './modules/gift-cards/gift-cards.routes.ts';
import { storeRoutes } from './modules/store/store.routes.ts';
import { staffInvitationRoutes } from './modules/staff/staff-invitations.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { trialRequestRoutes } from './modules/trial-requests/trial-requests.routes.ts';
import { tagRoutes } from './modules/tags/tags.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { securityRoutes } from './modules/security/security.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { dataImportRoutes } from './modules/data-import/data-import.routes.ts';
import { dataExportRoutes } from './modules/data-export/data-export.routes.ts';
import { taskRoutes } from './modules/tasks/tasks.routes.ts';
import { automationRoutes } from './modules/automations/automations.routes.ts';
import { portalManifestRoutes } from './modules/portal/portal-manifest.routes.ts';
import { portalRoutes } from './modules/portal/portal.routes.ts';
import { portalJoinRoutes } from './modules/portal/portal-join.routes.ts';
import { portalHouseholdRoutes } from './modules/portal/portal-household.routes.ts';
import { kioskRoutes } from './modules/kiosk/kiosk.routes.ts';
import { calendarFeedRoutes } from './modules/calendar-feeds/calendar-feeds.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';

markPublic({ method: 'GET', path: '/api/health' });
markPublic({ method: 'GET', path: '/api/ready' });
markPublic({ method: 'GET', path: '/api/openapi.json' });
markPublic({ method: 'GET', path: '/api/docs' });

export interface AppOptions {
  /** Built web app to serve (production `npm start`); omitted in API-only tests. */
  webDistDir?: string;
}

export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = createRouter();
  app.onError((error, c) => errorResponse(c, error));
  app.use('*', requestContext(deps));
  // Prometheus metrics (docs/operations.md#metrics): off unless METRICS_TOKEN is set; on
  // METRICS_PORT (main.ts) instead of here when that is set.
  const { metricsToken, metricsPort } = deps.config;
  if (metricsToken) {
    startProcessMetrics();
    watchDatabase(deps.database);
    app.use('*', recordRequestMetrics());
  }
  app.use('*', securityHeaders(deps.config.isProduction));
  app.use('*', compressResponses());
  if (metricsToken && metricsPort === undefined) app.get('/metrics', metricsHandler(metricsToken));
  app.use('/api/*', sameOriginOnly(deps.config.appUrl));
  // Before anything reads a body, better-auth included.
  app.use('/api/*', limitBody());
  app.use('/api/*', rejectInvalidText());

  app.on(['GET', 'POST'], '/api/auth/*', authRoute(deps));

  // Liveness: the process answers, nothing else is asked (a restart would not fix the rest).
  app.get('/api/health', async (c) => c.json({ status: 'ok' }));
  // Readiness: the database, the job queue and the realtime listener, and not shutting down.
  app.get('/api/ready', readyHandler());
  app.use('/api/*', authenticate());

  app.route('/', accountRoutes());
  app.route('/', portalRoutes(deps));
  app.route('/', portalJoinRoutes());
  app.route('/', portalHouseholdRoutes());
  app.route('/', portalManifestRoutes());
  app.route('/', webPushRoutes());
  app.route('/', kioskRoutes());
  app.route('/', calendarFeedRoutes());
  app.route('/', apiKeysRoutes());
  app.route('/', webhooksRoutes());
  app.route('/', organizationRoutes());
  app.route('/', trialRequestRoutes());
  app.route('/', ownerPortalRoutes());
  app.route('/', staffRoutes());
  app.route('/', staffInvitationRoutes());
  app.route('/', memberRoutes());
  app.route('/', householdRoutes());
  app.route('/', dashboardRoutes());
  app.route('/', serviceRoutes());
  app.route('/', scheduleRoutes(deps));
  app.route('/', bookingRoutes());
  app.route('/', appointmentRoutes());
  app.route('/', manageRoutes());
  app.route('/', planRoutes());
  app.route('/', membershipRoutes());
  app.route('/', waiverRoutes());
  app.route('/', paymentRoutes());
  app.route('/', receiptRoutes());
  app.route('/', discountRoutes());
  app.route('/', taxRoutes());
  app.route('/', storeRoutes());
  app.route('/', orderRoutes());
  app.route('/', giftCardRoutes());
  app.route('/', payRateRoutes());
  app.route('/', emailTemplateRoutes());
  app.route('/', campaignRoutes());
  app.route('/', trackingRoutes());
  app.route('/', leadRoutes());
  app.route('/', pushNotificationRoutes());
  app.route('/', conversationRoutes());
  app.route('/', tagRoutes());
  app.route('/', settingsRoutes());
  app.route('/', notificationRoutes());
  app.route('/', searchRoutes());
  app.route('/', securityRoutes());
  app.route('/', auditRoutes());
  app.route('/', reportRoutes());
  app.route('/', analyticsRoutes());
  app.route('/', helpRoutes());
  app.route('/', dataImportRoutes());
  app.route('/', dataExportRoutes());
  app.route('/', taskRoutes());
  app.route('/', audienceRoutes());
  app.route('/', automationRoutes(deps));
  app.route('/', realtimeRoutes(deps));

  // The document is built on first request, when every route above is registered.
  let openApiDocument: OpenApiDocument | undefined;
  const document = () => (openApiDocument ??= buildOpenApiDocument(app));
  app.get('/api/openapi.json', (c) => c.json(document()));
  app.get('/api/docs', (c) =>
    c.html(renderDocsPage(document() as never), 200, {
      'content-security-policy': DOCS_PAGE_CSP,
    }),
  );

  app.all('/api/*', () => {
    throw new AppError('not_found', 'No such API endpoint');
  });

  if (options.webDistDir && existsSync(options.webDistDir)) serveWebApp(app, options.webDistDir);
  return app;
}

export type App = ReturnType<typeof createApp>;
