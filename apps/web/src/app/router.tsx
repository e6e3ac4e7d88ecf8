import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type DataRouter,
  matchRoutes,
  redirect,
  type RouteObject,
} from 'react-router';
import { RouteError } from '@/components/route-error';
import { NotFoundRoute } from './routes/not-found';
import { withSignedInHome } from './routes/root-switch';
import { LoadingScreen } from './routes/route-fallback';

/** Route-level code splitting: each screen is its own chunk, so / loads no signed-in code. */
function lazyComponent(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

/**
 * Every route, nested ones included, gets the shared error element, so a screen that fails to
 * load or render shows a message with a way out where it stands (inside the signed-in layout
 * for its screens), never a blank page; router.test.ts walks the table.
 */
function withErrorElements(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    errorElement: <RouteError />,
    ...(route.children ? { children: withErrorElements(route.children) } : {}),
  })) as RouteObject[];
}

/** Screens with a feature of their own, mounted inside the signed-in layout. */
const featureRoutes: RouteObject[] = [
  {
    path: '/reports',
    ...lazyComponent(() =>
      import('@/features/reports/routes/reports-route').then((m) => m.ReportsRoute),
    ),
  },
  {
    path: '/members/reports',
    ...lazyComponent(() =>
      import('@/features/reports/routes/member-reports-route').then((m) => m.MemberReportsRoute),
    ),
  },
  {
    path: '/analytics',
    ...lazyComponent(() =>
      import('@/features/analytics/routes/analytics-route').then((m) => m.AnalyticsRoute),
    ),
  },
  {
    path: '/analytics/members',
    ...lazyComponent(() =>
      import('@/features/analytics/routes/member-analytics-route').then(
        (m) => m.MemberAnalyticsRoute,
      ),
    ),
  },
  {
    path: '/analytics/revenue',
    ...lazyComponent(() =>
      import('@/features/analytics/routes/revenue-analytics-route').then(
        (m) => m.RevenueAnalyticsRoute,
      ),
    ),
  },
  {
    path: '/analytics/performance',
    ...lazyComponent(() =>
      import('@/features/analytics/routes/performance-analytics-route').then(
        (m) => m.PerformanceAnalyticsRoute,
      ),
    ),
  },
  // The section roots open their first screen (the staff dashboard links to /communications).
  { path: '/connect', loader: () => redirect('/connect/campaigns') },
  {
    path: '/help',
    ...lazyComponent(() => import('@/features/help/routes/help-route').then((m) => m.HelpRoute)),
  },
  {
    path: '/settings',
    ...lazyComponent(() =>
      import('@/features/settings/routes/settings-route').then((m) => m.SettingsRoute),
    ),
  },
  { path: '/communications', loader: () => redirect('/communications/messages') },
  {
    path: '/connect/campaigns',
    ...lazyComponent(() =>
      import('@/features/campaigns/routes/campaigns-route').then((m) => m.CampaignsRoute),
    ),
  },
  {
    path: '/communications/templates',
    ...lazyComponent(() =>
      import('@/features/email-templates/routes/email-templates-route').then(
        (m) => m.EmailTemplatesRoute,
      ),
    ),
  },
  {
    path: '/owner-portal',
    ...lazyComponent(() =>
      import('@/features/owner-portal/routes/owner-portal-route').then((m) => m.OwnerPortalRoute),
    ),
  },
  {
    path: '/staff',
    ...lazyComponent(() => import('@/features/staff/routes/staff-route').then((m) => m.StaffRoute)),
  },
  {
    path: '/dashboard',
    ...lazyComponent(() =>
      import('@/features/dashboard/routes/dashboard-route').then((m) => m.DashboardRoute),
    ),
  },
  {
    path: '/dashboard/:tier',
    ...lazyComponent(() =>
      import('@/features/dashboard/routes/dashboard-route').then((m) => m.DashboardRoute),
    ),
  },
  {
    path: '/members',
    ...lazyComponent(() =>
      import('@/features/members/routes/members-route').then((m) => m.MembersRoute),
    ),
  },
  {
    path: '/members/import',
    ...lazyComponent(() =>
      import('@/features/data-import/routes/import-route').then((m) => m.ImportRoute),
    ),
  },
  {
    path: '/add-member',
    ...lazyComponent(() =>
      import('@/features/members/routes/add-member-route').then((m) => m.AddMemberRoute),
    ),
  },
  {
    path: '/member/:memberId',
    ...lazyComponent(() => import('./routes/member-screen').then((m) => m.MemberScreen)),
  },
  {
    path: '/member/:memberId/payment',
    ...lazyComponent(() =>
      import('@/features/members/routes/payment-route').then((m) => m.PaymentRoute),
    ),
  },
  {
    path: '/kiosk-exceptions',
    ...lazyComponent(() =>
      import('@/features/kiosk-exceptions/routes/kiosk-exceptions-route').then(
        (m) => m.KioskExceptionsRoute,
      ),
    ),
  },
  {
    path: '/manage',
    ...lazyComponent(() =>
      import('@/features/manage/routes/manage-route').then((m) => m.ManageRoute),
    ),
  },
  {
    path: '/schedule',
    ...lazyComponent(() =>
      import('@/features/schedule/routes/schedule-route').then((m) => m.ScheduleRoute),
    ),
  },
  {
    path: '/services',
    ...lazyComponent(() => import('./routes/services-screen').then((m) => m.ServicesScreen)),
  },
  {
    path: '/store/products',
    ...lazyComponent(() =>
      import('@/features/store/routes/products-route').then((m) => m.ProductsRoute),
    ),
  },
  {
    path: '/store/orders',
    ...lazyComponent(() =>
      import('@/features/store/routes/orders-route').then((m) => m.OrdersRoute),
    ),
  },
  {
    path: '/store/gift-cards',
    ...lazyComponent(() =>
      import('@/features/gift-cards/routes/gift-cards-route').then((m) => m.GiftCardsRoute),
    ),
  },
  {
    path: '/store/inventory',
    ...lazyComponent(() =>
      import('@/features/store/routes/inventory-route').then((m) => m.InventoryRoute),
    ),
  },
  {
    path: '/connect/sources',
    ...lazyComponent(() =>
      import('@/features/leads/routes/lead-sources-route').then((m) => m.LeadSourcesRoute),
    ),
  },
  {
    path: '/connect/notifications',
    ...lazyComponent(() =>
      import('@/features/push-notifications/routes/push-notifications-route').then(
        (m) => m.PushNotificationsRoute,
      ),
    ),
  },
  {
    path: '/manage/discounts',
    ...lazyComponent(() =>
      import('@/features/manage/routes/discounts-route').then((m) => m.DiscountsRoute),
    ),
  },
  {
    path: '/members/groups',
    ...lazyComponent(() =>
      import('@/features/audiences/routes/groups-route').then((m) => m.GroupsRoute),
    ),
  },
  {
    path: '/members/groups/:groupId',
    ...lazyComponent(() =>
      import('@/features/audiences/routes/group-members-route').then((m) => m.GroupMembersRoute),
    ),
  },
  {
    path: '/connect/tags',
    ...lazyComponent(() => import('@/features/tags/routes/tags-route').then((m) => m.TagsRoute)),
  },
  {
    path: '/connect/automations',
    ...lazyComponent(() =>
      import('@/features/automations/routes/automations-route').then((m) => m.AutomationsRoute),
    ),
  },
  {
    path: '/connect/audiences',
    ...lazyComponent(() =>
      import('@/features/audiences/routes/audiences-route').then((m) => m.AudiencesRoute),
    ),
  },
  {
    path: '/communications/messages',
    ...lazyComponent(() =>
      import('@/features/conversations/routes/messages-route').then((m) => m.MessagesRoute),
    ),
  },
  {
    path: '/communications/two-way',
    ...lazyComponent(() =>
      import('@/features/conversations/routes/two-way-route').then((m) => m.TwoWayRoute),
    ),
  },
  {
    path: '/manage/pay-rates',
    ...lazyComponent(() =>
      import('@/features/manage/routes/pay-rates-route').then((m) => m.PayRatesRoute),
    ),
  },
];

/**
 * The pages anyone may open signed out ("public" in docs/product/foundation.md's route table).
 * `npm run bench:web` reads this list from this file and holds each to its JavaScript budget, so
 * a public page added here is measured without anyone remembering to.
 */
const publicRoutes: RouteObject[] = [
  {
    // The landing page, or the studio home for a signed-in studio person (routes/root-switch).
    index: true,
    ...lazyComponent(() =>
      import('@/features/marketing/routes/landing-route').then((m) =>
        withSignedInHome(m.LandingRoute),
      ),
    ),
  },
  {
    path: '/trial-request',
    ...lazyComponent(() =>
      import('@/features/trial-request/routes/trial-request-route').then(
        (m) => m.TrialRequestRoute,
      ),
    ),
  },
  {
    path: '/join/:slug',
    ...lazyComponent(() => import('@/features/leads/routes/join-route').then((m) => m.JoinRoute)),
  },
  {
    path: '/auth',
    ...lazyComponent(() => import('@/features/auth/routes/auth-route').then((m) => m.AuthRoute)),
  },
  {
    path: '/reset-password',
    ...lazyComponent(() =>
      import('@/features/auth/routes/reset-password-route').then((m) => m.ResetPasswordRoute),
    ),
  },
  {
    path: '/accept-staff-invitation',
    ...lazyComponent(() =>
      import('@/features/staff/routes/accept-staff-invitation-route').then(
        (m) => m.AcceptStaffInvitationRoute,
      ),
    ),
  },
  {
    path: '/unsubscribe/:token',
    ...lazyComponent(() =>
      import('@/features/campaigns/routes/unsubscribe-route').then((m) => m.UnsubscribeRoute),
    ),
  },
  {
    path: '/export-download',
    ...lazyComponent(() =>
      import('@/features/settings/routes/export-download-route').then((m) => m.ExportDownloadRoute),
    ),
  },
  {
    path: '/invite/:token',
    ...lazyComponent(() =>
      import('@/features/owner-portal/routes/invite-route').then((m) => m.InviteRoute),
    ),
  },
  // Any other address: the not-found page, part of the first chunk (no code of its own to load).
  { path: '*', Component: NotFoundRoute },
];

export const routes: RouteObject[] = withErrorElements([
  {
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      ...publicRoutes,
      {
        lazy: async () => ({ Component: (await import('./routes/require-auth')).RequireSetupAuth }),
        children: [
          {
            path: '/setup',
            ...lazyComponent(() =>
              import('@/features/organizations/routes/setup-route').then((m) => m.SetupRoute),
            ),
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./routes/require-auth')).RequireAppAuth }),
        children: [
          {
            lazy: async () => ({
              Component: (await import('@/components/layout/app-layout')).AppLayout,
            }),
            children: featureRoutes,
          },
        ],
      },
    ],
  },
]);

/**
 * The browser's router. The lazy routes matching the current URL are loaded first: the public
 * pages arrive pre-rendered (scripts/prerender.mjs), and hydrating them needs the same tree at
 * once, not the loading fallback; on other pages it saves the fallback's flash.
 */
export async function createAppRouter(): Promise<DataRouter> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}
