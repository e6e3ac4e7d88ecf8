import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useStudio } from '../api/get-studio';
import { portalErrorMessage } from '../api/portal-fetch';
import { useSignIn } from '../api/sign-in';
import { PortalLoading, StudioNotFound } from '../components/portal-error';
import { SignInPage } from '../components/sign-in-page';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { isStudioNotFound } from './portal-entry-route';

/**
 * `/m/:slug/sign-in?email=..&code=..`, the link in the sign-in email: signs in with those values
 * at once and opens the schedule; a refused code leaves the member on the sign-in page, at the
 * code step, with the reason beside the Code field.
 */
export function MagicLinkRoute() {
  const slug = usePortalSlug();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  const studio = useStudio();
  const signIn = useSignIn();
  const { mutate } = signIn;
  const started = useRef(false);

  useEffect(() => {
    // Once per visit (a remount in development must not spend a second try of the code).
    if (started.current || !email || !code) return;
    started.current = true;
    mutate({ email, code });
  }, [email, code, mutate]);

  if (signIn.isSuccess) return <Navigate to={`/m/${slug}/schedule`} replace />;
  if (studio.error) {
    if (isStudioNotFound(studio.error)) return <StudioNotFound />;
    throw studio.error;
  }
  if (studio.isPending || signIn.isPending || (email && code && signIn.isIdle)) {
    return <PortalLoading label="Signing you in…" />;
  }
  if (!email) return <SignInPage studio={studio.data} />;
  return (
    <SignInPage
      studio={studio.data}
      start={{
        email,
        code,
        codeError: signIn.isError ? portalErrorMessage(signIn.error) : undefined,
      }}
    />
  );
}
