import { useEffect } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { useMe } from '../api/get-me';
import { PortalLoading } from '../components/portal-error';
import { PortalLayout } from '../components/portal-layout';
import { PublicLayout } from '../components/public-layout';
import { usePortalSlug } from '../hooks/use-portal-slug';

/** A portal route's `handle`: `public` pages are readable without signing in. */
export interface PortalRouteHandle {
  public?: boolean;
  /** The page's name in the window title, before the studio's. */
  title?: string;
}

function isPublicHandle(handle: unknown): boolean {
  return (handle as PortalRouteHandle | undefined)?.public === true;
}

/**
 * The member's pages. Not signed in (or the session ended: any 401): a public page (the
 * schedule) shows in the public layout, any other page sends them to the sign-in page.
 */
export function PortalLayoutRoute() {
  const slug = usePortalSlug();
  const me = useMe();
  const isPublic = useMatches().some((match) => isPublicHandle(match.handle));
  const signedIn = Boolean(me.data);
  // A signed-in member's portal works offline and takes Web Push (offline/register-worker.ts),
  // loaded then: the signed-out pages (sign-in, the public schedule) never carry this code.
  useEffect(() => {
    if (signedIn) void import('../offline/register-worker').then((m) => m.registerPortalWorker());
  }, [signedIn]);
  if (me.error) throw me.error;
  if (me.isPending) return <PortalLoading />;
  if (!me.data) {
    if (!isPublic) return <Navigate to={`/m/${slug}`} replace />;
    return (
      <PublicLayout>
        <Outlet />
      </PublicLayout>
    );
  }
  return (
    <PortalLayout me={me.data}>
      <Outlet />
    </PortalLayout>
  );
}
