import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PortalBranding } from './components/portal-branding';
import { StudioNotFound } from './components/portal-error';
import { PortalPage } from './components/portal-page';
import { usePortalSlug } from './hooks/use-portal-slug';
import { BookingsRoute } from './routes/bookings-route';
import { MagicLinkRoute } from './routes/magic-link-route';
import { PortalEntryRoute } from './routes/portal-entry-route';
import { PortalLayoutRoute } from './routes/portal-layout-route';
import { ScheduleRoute } from './routes/schedule-route';

const JoinRoute = lazy(() => import('./routes/join-route').then((m) => ({ default: m.JoinRoute })));
const MembershipRoute = lazy(() =>
  import('./routes/membership-route').then((m) => ({ default: m.MembershipRoute })),
);
const BuyRoute = lazy(() => import('./routes/buy-route').then((m) => ({ default: m.BuyRoute })));
const ProfileRoute = lazy(() =>
  import('./routes/profile-route').then((m) => ({ default: m.ProfileRoute })),
);
const WaiverRoute = lazy(() =>
  import('./routes/waiver-route').then((m) => ({ default: m.WaiverRoute })),
);

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
 *
 * Declared as `<Routes>` (React Router's declarative mode), not a data router: the portal uses
 * no loaders or actions, and the data router is half of the router's size on the first load
 * (docs/decisions/0027-portal-bundle.md). Every route and layout is a `PortalPage`: its error
 * element (never a blank page), its loading state, and its window title.
 */
export function PortalRoutes() {
  return (
    <Routes>
      <Route
        path="/m/:slug"
        element={
          <PortalPage>
            <PortalBranding />
          </PortalPage>
        }
      >
        <Route
          index
          element={
            <PortalPage title="Sign in">
              <PortalEntryRoute />
            </PortalPage>
          }
        />
        <Route
          path="sign-in"
          element={
            <PortalPage title="Sign in">
              <MagicLinkRoute />
            </PortalPage>
          }
        />
        <Route
          path="join"
          element={
            <PortalPage title="Join">
              <JoinRoute />
            </PortalPage>
          }
        />
        <Route
          element={
            <PortalPage>
              <PortalLayoutRoute />
            </PortalPage>
          }
        >
          <Route
            path="schedule"
            element={
              <PortalPage title="Schedule">
                <ScheduleRoute />
              </PortalPage>
            }
          />
          <Route
            path="bookings"
            element={
              <PortalPage title="My bookings">
                <BookingsRoute />
              </PortalPage>
            }
          />
          <Route
            path="membership"
            element={
              <PortalPage title="Membership">
                <MembershipRoute />
              </PortalPage>
            }
          />
          <Route
            path="buy"
            element={
              <PortalPage title="Buy">
                <BuyRoute />
              </PortalPage>
            }
          />
          <Route
            path="profile"
            element={
              <PortalPage title="Profile">
                <ProfileRoute />
              </PortalPage>
            }
          />
          <Route
            path="waiver"
            element={
              <PortalPage title="Waiver">
                <WaiverRoute />
              </PortalPage>
            }
          />
        </Route>
        <Route path="*" element={<BackToEntry />} />
      </Route>
      <Route path="*" element={<StudioNotFound />} />
    </Routes>
  );
}
