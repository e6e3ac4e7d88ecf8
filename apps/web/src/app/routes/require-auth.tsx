import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '@/lib/session';
import { LoadingScreen } from './route-fallback';

/**
 * Screens of the signed-in layout that are not a studio's: a person without an organization
 * stays on them. `/dashboard` is the spec's; `/owner-portal` is the platform's own administration,
 * which a platform owner or admin without a gym opens directly (DECISIONS.md, "The signed-in home
 * and the platform owner"; anyone else sees its Access Denied, never studio data).
 */
export function isStudioFreePath(pathname: string): boolean {
  return ['/dashboard', '/owner-portal'].some(
    (root) => pathname === root || pathname.startsWith(`${root}/`),
  );
}

/**
 * Route guard (docs/product/foundation.md#route-guard): spinner while loading; no user → /auth; a
 * user with no organization, on a studio screen (outside /dashboard and /owner-portal), → /setup.
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
  if (
    !allowWithoutOrganization &&
    me.organizations.length === 0 &&
    !isStudioFreePath(location.pathname)
  ) {
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
