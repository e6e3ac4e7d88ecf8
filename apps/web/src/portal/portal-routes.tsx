import { Navigate, type RouteObject } from 'react-router';
import { PortalBranding } from './components/portal-branding';
import { PortalRouteError, StudioNotFound } from './components/portal-error';
import { usePortalSlug } from './hooks/use-portal-slug';
import { BookingsRoute } from './routes/bookings-route';
import { BuyRoute } from './routes/buy-route';
import { JoinRoute } from './routes/join-route';
import { MagicLinkRoute } from './routes/magic-link-route';
import { MembershipRoute } from './routes/membership-route';
import { PortalEntryRoute } from './routes/portal-entry-route';
import { PortalLayoutRoute, type PortalRouteHandle } from './routes/portal-layout-route';
import { ProfileRoute } from './routes/profile-route';
import { ScheduleRoute } from './routes/schedule-route';
import { WaiverRoute } from './routes/waiver-route';

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
 * The members' portal (portal.html, served for /m/*). One small bundle, no lazy screens: a
 * member opens it on a phone and goes from sign-in to the schedule, their bookings, their
 * membership, what the studio sells online and their profile (only the dialogs and the check-in
 * QR code load later, with their pages). The schedule is public: signed out, it shows the
 * studio's week with `Sign in to book`.
 */
export const portalRoutes: RouteObject[] = withErrorElements([
  {
    path: '/m/:slug',
    element: <PortalBranding />,
    children: [
      { index: true, element: <PortalEntryRoute /> },
      { path: 'sign-in', element: <MagicLinkRoute /> },
      { path: 'join', element: <JoinRoute /> },
      {
        element: <PortalLayoutRoute />,
        children: [
          // Readable signed out too (and framed by the studio's website): the public week.
          {
            path: 'schedule',
            element: <ScheduleRoute />,
            handle: { public: true } satisfies PortalRouteHandle,
          },
          { path: 'bookings', element: <BookingsRoute /> },
          { path: 'membership', element: <MembershipRoute /> },
          { path: 'buy', element: <BuyRoute /> },
          { path: 'profile', element: <ProfileRoute /> },
          { path: 'waiver', element: <WaiverRoute /> },
        ],
      },
      { path: '*', element: <BackToEntry /> },
    ],
  },
  { path: '*', element: <StudioNotFound /> },
]);
