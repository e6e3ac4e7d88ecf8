import { Navigate, Outlet } from 'react-router';
import { useMe } from '../api/get-me';
import { PortalLoading } from '../components/portal-error';
import { PortalLayout } from '../components/portal-layout';
import { usePortalSlug } from '../hooks/use-portal-slug';

/** The signed-in pages. Not signed in (or the session ended: any 401) → the sign-in page. */
export function PortalLayoutRoute() {
  const slug = usePortalSlug();
  const me = useMe();
  if (me.error) throw me.error;
  if (me.isPending) return <PortalLoading />;
  if (!me.data) return <Navigate to={`/m/${slug}`} replace />;
  return (
    <PortalLayout me={me.data}>
      <Outlet />
    </PortalLayout>
  );
}
