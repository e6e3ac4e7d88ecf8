import { Navigate } from 'react-router';
import { useMe } from '../api/get-me';
import { useStudio } from '../api/get-studio';
import { PortalApiError } from '../api/portal-fetch';
import { PortalLoading, StudioNotFound } from '../components/portal-error';
import { SignInPage } from '../components/sign-in-page';
import { usePortalSlug } from '../hooks/use-portal-slug';

export function isStudioNotFound(error: unknown): boolean {
  return error instanceof PortalApiError && error.code === 'not_found';
}

/** `/m/:slug`: a signed-in member goes to the schedule (offline: their bookings), anyone else gets the sign-in page. */
export function PortalEntryRoute() {
  const slug = usePortalSlug();
  const studio = useStudio();
  const me = useMe();
  if (studio.error) {
    if (isStudioNotFound(studio.error)) return <StudioNotFound />;
    throw studio.error;
  }
  // Offline (the installed app opened without a connection), their bookings: the schedule is
  // not kept for offline use, the bookings and check-in code are.
  if (me.data)
    return <Navigate to={`/m/${slug}/${navigator.onLine ? 'schedule' : 'bookings'}`} replace />;
  if (me.error) throw me.error;
  if (studio.isPending || me.isPending) return <PortalLoading />;
  return <SignInPage studio={studio.data} />;
}
