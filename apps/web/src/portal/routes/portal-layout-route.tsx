import { useEffect } from 'react';
import { Navigate, Outlet, useMatch } from 'react-router';
import { useMe } from '../api/get-me';
import { PortalLoading } from '../components/portal-error';
import { PortalLayout } from '../components/portal-layout';
import { PublicLayout } from '../components/public-layout';
import { usePortalSlug } from '../hooks/use-portal-slug';

/** The member's pages readable without signing in (and framed by the studio's website). */
const PUBLIC_PAGES = new Set(['schedule']);

/**
 * The member's pages. Not signed in (or the session ended: any 401): a public page (the
 * schedule) shows in the public layout, any other page sends them to the sign-in page.
 */
export function PortalLayoutRoute() {
  const slug = usePortalSlug();
  const me = useMe();
  const page = useMatch('/m/:slug/:page')?.params.page;
  const isPublic = page !== undefined && PUBLIC_PAGES.has(page);
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
