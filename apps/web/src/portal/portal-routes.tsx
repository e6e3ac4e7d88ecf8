import { Navigate, type RouteObject } from 'react-router';
import { PortalBranding } from './components/portal-branding';
import { PortalLoading, PortalRouteError, StudioNotFound } from './components/portal-error';
import { usePortalSlug } from './hooks/use-portal-slug';
import { BookingsRoute } from './routes/bookings-route';
import { MagicLinkRoute } from './routes/magic-link-route';
import { PortalEntryRoute } from './routes/portal-entry-route';
import { PortalLayoutRoute, type PortalRouteHandle } from './routes/portal-layout-route';
import { ScheduleRoute } from './routes/schedule-route';

/** Every route, nested ones included, gets the portal's error element (never a blank page). */
function withErrorElements(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    errorElement: <PortalRouteError />,
    ...(route.children ? { children: withErrorElements(route.children) } : {}),
  })) as RouteObject[];
}

/** An unknown page of the studio's portal: its entry (sign-in, or the schedule when signed in). */
function BackToEntry() {
  return <Navigate to={`/m/${usePortalSlug()}`} replace />;
}

/**
 * The members' portal (portal.html, served for /m/*). The first load carries what a member
 * opens most, on a phone: sign-in, the schedule (public too: signed out, the studio's week with
 * `Sign in to book`) and their bookings (the page the portal opens on offline). Membership, Buy,
 * Profile, the waiver and Join load with their page, like the dialogs and the check-in QR code
 * (the service worker keeps them all for offline use).
 */
export const portalRoutes: RouteObject[] = withErrorElements([
  {
    path: '/m/:slug',
    element: <PortalBranding />,
    // Shown while the first page's screen loads (a lazy one, opened directly).
    hydrateFallbackElement: <PortalLoading />,
    children: [
      { index: true, element: <PortalEntryRoute />, handle: { title: 'Sign in' } },
      { path: 'sign-in', element: <MagicLinkRoute />, handle: { title: 'Sign in' } },
      {
        path: 'join',
        handle: { title: 'Join' },
        lazy: () => import('./routes/join-route').then((m) => ({ Component: m.JoinRoute })),
      },
      {
        element: <PortalLayoutRoute />,
        children: [
          // Readable signed out too (and framed by the studio's website): the public week.
          {
            path: 'schedule',
            element: <ScheduleRoute />,
            handle: { public: true, title: 'Schedule' } satisfies PortalRouteHandle,
          },
          { path: 'bookings', element: <BookingsRoute />, handle: { title: 'My bookings' } },
          {
            path: 'membership',
            handle: { title: 'Membership' },
            lazy: () =>
              import('./routes/membership-route').then((m) => ({ Component: m.MembershipRoute })),
          },
          {
            path: 'buy',
            handle: { title: 'Buy' },
            lazy: () => import('./routes/buy-route').then((m) => ({ Component: m.BuyRoute })),
          },
          {
            path: 'profile',
            handle: { title: 'Profile' },
            lazy: () =>
              import('./routes/profile-route').then((m) => ({ Component: m.ProfileRoute })),
          },
          {
            path: 'waiver',
            handle: { title: 'Waiver' },
            lazy: () => import('./routes/waiver-route').then((m) => ({ Component: m.WaiverRoute })),
          },
        ],
      },
      { path: '*', element: <BackToEntry /> },
    ],
  },
  { path: '*', element: <StudioNotFound /> },
]);
