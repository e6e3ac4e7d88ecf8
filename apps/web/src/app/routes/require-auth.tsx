import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '@/lib/session';
import { LoadingScreen } from './route-fallback';

/**
 * Route guard (docs/product/foundation.md#route-guard): spinner while loading; no user → /auth; a
 * user with no organization, on a path outside /dashboard, → /setup.
 */
export function RequireAuth({
  allowWithoutOrganization = false,
}: {
  allowWithoutOrganization?: boolean;
}) {
  const { data: me, isPending, isError } = useMe();
  const location = useLocation();
  if (isPending) return <LoadingScreen />;
  if (isError || !me) return <Navigate to="/auth" replace />;
  const inDashboard =
    location.pathname === '/dashboard' || location.pathname.startsWith('/dashboard/');
  if (!allowWithoutOrganization && me.organizations.length === 0 && !inDashboard) {
    return <Navigate to="/setup" replace />;
  }
  return <Outlet />;
}

export function RequireAppAuth() {
  return <RequireAuth />;
}

/** /setup needs a user but, by definition, no organization. */
export function RequireSetupAuth() {
  return <RequireAuth allowWithoutOrganization />;
}
